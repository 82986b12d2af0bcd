import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getSession } from '../../lib/auth';
import { activateLocale, i18n } from '../../lib/i18n';
import { renderRoute } from '../../test/render';
import { mockApi, SAMPLE_USER, signInAs, type MockHandler } from '../../test/mock-api';
import { clearToasts } from '../../components/toast-store';

beforeAll(async () => {
  configure({ asyncUtilTimeout: 5000 });
  await import('./buyer-details-page');
});
afterEach(() => clearToasts());

const main = () => within(document.querySelector('main')!);
/** A form control by its visible label; required fields' labels end with a decorative ' *'. */
const field = (label: string) => main().getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}( \\*)?$`));
const toasts = () => screen.queryAllByTestId('toast').map((t) => t.querySelector('p')?.textContent);

const office = (name: string, district: string, state: string, pincode: string) => ({
  Name: name,
  Description: null,
  BranchType: null,
  DeliveryStatus: null,
  Circle: state,
  District: district,
  Division: `${district} Division`,
  Region: `${district} Region`,
  Block: null,
  State: state,
  Country: 'India',
  Pincode: pincode,
});

const BANGALORE = [
  {
    Status: 'Success',
    Message: 'Number of pincode(s) found:2',
    PostOffice: [office('Bangalore', 'Bangalore', 'Karnataka', '560001'), office('Vidhana Soudha', 'Bangalore', 'Karnataka', '560001')],
  },
];
const NOT_FOUND = [{ Status: 'Error', Message: 'No records found', PostOffice: null }];

const SAVED = {
  fullName: 'Asha Verma',
  phone: '+919876543210',
  altPhone: '',
  email: 'asha@example.com',
  addressLine1: '12 MG Road',
  addressLine2: '',
  city: 'Bangalore',
  state: 'Karnataka',
  country: 'IN',
  postalCode: '560001',
  companyName: 'Verma Prints',
  isHyperlocal: false,
  billingSameAsDelivery: true,
} as const;

function api(overrides: Record<string, MockHandler | { status?: number; body?: unknown }> = {}) {
  return mockApi({
    'GET /api/user': { body: { user: { ...SAMPLE_USER, address: null } } },
    'GET /api/address/user-1': { body: { address: null } },
    'GET /api/pincode/560001': { body: BANGALORE },
    'POST /api/add-address': ({ body }) => ({
      body: { message: 'Address saved successfully!', address: (body as { address: unknown }).address },
    }),
    ...overrides,
  });
}

async function openPage(overrides: Parameters<typeof api>[0] = {}) {
  signInAs();
  const calls = api(overrides);
  const view = renderRoute('/checkout');
  await main().findByRole('heading', { level: 1, name: 'Buyer Details' });
  await waitFor(() => expect(main().queryByText('Loading your saved address…')).toBeNull());
  return { ...view, ...calls };
}

describe('/checkout (buyer details)', { timeout: 30_000 }, () => {
  it('sends a visitor without a token to sign in, coming back here', async () => {
    const { router } = renderRoute('/checkout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(router.state.location.search).toBe('?next=%2Fcheckout');
  });

  it("has the seed's headings, fields and buttons; City and State are read-only", async () => {
    await openPage();
    expect(main().getByRole('heading', { level: 2, name: 'Buyer Address' })).toBeVisible();
    for (const label of [
      'Buyer Name',
      'Phone Number',
      'Alternate Phone',
      'Email',
      'Address Line 1',
      'Address Line 2',
      'Pincode',
      'City',
      'State',
      'Company Name (Optional)',
    ]) {
      expect(field(label)).toBeVisible();
    }
    for (const label of ['Buyer Name', 'Phone Number', 'Email', 'Address Line 1', 'Pincode', 'City', 'State']) {
      expect(field(label)).toHaveAttribute('aria-required', 'true');
    }
    expect(field('City')).toHaveAttribute('readonly');
    expect(field('State')).toHaveAttribute('readonly');
    expect(main().getByRole('checkbox', { name: 'Billing address same as delivery address' })).toBeChecked();
    for (const name of ['Back', 'Save Address', 'Next']) expect(main().getByRole('button', { name })).toBeVisible();
  });

  it('starts from the account details when no address is saved', async () => {
    await openPage();
    expect(field('Buyer Name')).toHaveValue('Asha Verma');
    expect(field('Email')).toHaveValue('asha@example.com');
    expect(field('Phone Number')).toHaveValue('+91 98765 43210');
  });

  it('loads the saved address into the form', async () => {
    await openPage({ 'GET /api/address/user-1': { body: { address: SAVED } } });
    await waitFor(() => expect(field('Address Line 1')).toHaveValue('12 MG Road'));
    expect(field('Pincode')).toHaveValue('560001');
    expect(field('City')).toHaveValue('Bangalore');
    expect(field('State')).toHaveValue('Karnataka');
    expect(field('Company Name (Optional)')).toHaveValue('Verma Prints');
  });

  it('fills City and State from the pincode once 6 digits are typed', async () => {
    const { user, callsTo } = await openPage();
    const pincode = field('Pincode');
    await user.type(pincode, '56000');
    expect(callsTo('GET', '/api/pincode/56000')).toHaveLength(0);
    await user.type(pincode, '1');
    await waitFor(() => expect(field('City')).toHaveValue('Bangalore'));
    expect(field('State')).toHaveValue('Karnataka');
    expect(callsTo('GET', '/api/pincode/560001')).toHaveLength(1);

    // Another pincode clears them until it is looked up.
    await user.type(pincode, '{Backspace}');
    expect(field('City')).toHaveValue('');
    expect(field('State')).toHaveValue('');
    // Letters are not typed into the pincode.
    await user.type(pincode, 'x1');
    expect(pincode).toHaveValue('560001');
  });

  it("says 'Invalid Pincode' for a code the directory lacks, then accepts a city and a state of its zone", async () => {
    const { user, callsTo } = await openPage({ 'GET /api/pincode/194109': { body: NOT_FOUND } });
    await user.type(field('Address Line 1'), 'House 4, Main Bazaar');
    await user.type(field('Pincode'), '194109');
    expect(await main().findByText('Invalid Pincode')).toBeVisible();
    const city = field('City');
    expect(city).not.toHaveAttribute('readonly');
    const state = main().getByRole('combobox', { name: /^State/ });
    const options = within(state)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toContain('Ladakh');
    expect(options).not.toContain('Karnataka');

    await user.type(city, 'Leh');
    await user.selectOptions(state, 'Ladakh');
    await user.click(main().getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(callsTo('POST', '/api/add-address')).toHaveLength(1));
    expect(callsTo('POST', '/api/add-address')[0]?.body).toMatchObject({
      userId: 'user-1',
      address: { postalCode: '194109', city: 'Leh', state: 'Ladakh' },
    });
  });

  it('takes a typed city and a chosen state for 999999, a pincode the directory lacks, and goes on to pay', async () => {
    const { user, callsTo, router } = await openPage({ 'GET /api/pincode/999999': { body: NOT_FOUND } });
    await user.type(field('Address Line 1'), '4, Hill Road');
    await user.type(field('Pincode'), '999999');
    expect(await main().findByText(/type your city and choose your state/)).toBeVisible();
    // Nothing is sent without the city and the state.
    await user.click(main().getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(field('City')).toHaveAttribute('aria-invalid', 'true'));
    expect(callsTo('POST', '/api/add-address')).toHaveLength(0);

    await user.type(field('City'), 'Kumarghat');
    await user.selectOptions(main().getByRole('combobox', { name: /^State/ }), 'Tripura');
    await user.click(main().getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/pay'));
    expect(callsTo('POST', '/api/add-address')[0]?.body).toMatchObject({
      address: { postalCode: '999999', city: 'Kumarghat', state: 'Tripura' },
    });
  });

  it("lets the customer type her town where the directory names only the district (799001: 'West Tripura')", async () => {
    const AGARTALA = [
      {
        Status: 'Success',
        Message: 'Number of pincode(s) found:3',
        PostOffice: [
          office('Agartala H.O', 'West Tripura', 'Tripura', '799001'),
          office('Agartala College S.O', 'West Tripura', 'Tripura', '799001'),
          office('Arundhutinagar S.O', 'West Tripura', 'Tripura', '799001'),
        ],
      },
    ];
    const { user, callsTo } = await openPage({ 'GET /api/pincode/799001': { body: AGARTALA } });
    await user.type(field('Address Line 1'), '7, Hari Ganga Basak Road');
    await user.type(field('Pincode'), '799001');
    const city = field('City');
    await waitFor(() => expect(city).toHaveValue('West Tripura'));
    expect(city).not.toHaveAttribute('readonly');
    expect(field('State')).toHaveAttribute('readonly');
    expect(field('State')).toHaveValue('Tripura');
    expect(main().getByText(/under the district West Tripura\. Type your town instead if you like, e\.g\. Agartala\./)).toBeVisible();
    // The pincode's towns are offered as the customer types.
    const towns = document.getElementById(city.getAttribute('list')!)!;
    expect([...towns.querySelectorAll('option')].map((o) => o.getAttribute('value'))).toEqual([
      'Agartala',
      'Agartala College',
      'Arundhutinagar',
    ]);

    await user.clear(city);
    await user.type(city, 'Agartala');
    await user.click(main().getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(callsTo('POST', '/api/add-address')).toHaveLength(1));
    expect(callsTo('POST', '/api/add-address')[0]?.body).toMatchObject({
      address: { postalCode: '799001', city: 'Agartala', state: 'Tripura' },
    });
    // Saved, the town stays (the directory's district does not overwrite it).
    await waitFor(() => expect(toasts()).toContain('Address saved successfully!'));
    expect(field('City')).toHaveValue('Agartala');
  });

  it('keeps a saved town for a district-named pincode when the address loads', async () => {
    const AGARTALA = [
      {
        Status: 'Success',
        Message: 'Number of pincode(s) found:1',
        PostOffice: [office('Agartala H.O', 'West Tripura', 'Tripura', '799001')],
      },
    ];
    await openPage({
      'GET /api/address/user-1': { body: { address: { ...SAVED, postalCode: '799001', city: 'Agartala', state: 'Tripura' } } },
      'GET /api/pincode/799001': { body: AGARTALA },
    });
    await waitFor(() => expect(field('Pincode')).toHaveValue('799001'));
    await waitFor(() => expect(field('City')).not.toHaveAttribute('readonly'));
    expect(field('City')).toHaveValue('Agartala');
  });

  it("says 'Failed to fetch location details' when the lookup fails", async () => {
    const { user } = await openPage({ 'GET /api/pincode/110001': { status: 503, body: { message: 'down', code: 'SERVICE_UNAVAILABLE' } } });
    await user.type(field('Pincode'), '110001');
    expect(await main().findByText('Failed to fetch location details')).toBeVisible();
    expect(main().getByRole('button', { name: 'Try the pincode again' })).toBeVisible();
  });

  it("saves the address with the shared schema's output and says 'Address saved successfully!'", async () => {
    const { user, callsTo } = await openPage();
    await user.clear(field('Alternate Phone'));
    await user.type(field('Alternate Phone'), '80 2222 3333');
    await user.type(field('Address Line 1'), '  12 MG Road ');
    await user.type(field('Pincode'), '560001');
    await waitFor(() => expect(field('City')).toHaveValue('Bangalore'));
    await user.click(main().getByRole('button', { name: 'Save Address' }));

    await waitFor(() => expect(toasts()).toContain('Address saved successfully!'));
    expect(callsTo('POST', '/api/add-address')[0]?.body).toEqual({
      userId: 'user-1',
      address: { ...SAVED, companyName: '', gstin: '', addressLine1: '12 MG Road', altPhone: '+918022223333' },
    });
  });

  it('checks the phone number with libphonenumber-js', async () => {
    const { user, callsTo } = await openPage();
    const phone = field('Phone Number');
    await user.clear(phone);
    await user.type(phone, '12345');
    await user.click(main().getByRole('button', { name: 'Save Address' }));
    expect(await main().findByText('Enter a valid phone number')).toBeVisible();
    expect(callsTo('POST', '/api/add-address')).toHaveLength(0);
  });

  it("shows 'Failed to save address. Please try again.' and the server's reason", async () => {
    const { user } = await openPage({
      'GET /api/address/user-1': { body: { address: SAVED } },
      'POST /api/add-address': {
        status: 422,
        body: { message: 'This pincode is in Bangalore, not Mysore.', code: 'ADDRESS_MISMATCH', field: 'city' },
      },
    });
    await waitFor(() => expect(field('City')).toHaveValue('Bangalore'));
    await user.click(main().getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(toasts()).toContain('Failed to save address. Please try again.'));
    expect(main().getByText('This pincode is in Bangalore, not Mysore.')).toBeVisible();
  });

  it("says 'Failed to fetch address. Please try again.' when the saved address cannot be loaded", async () => {
    await openPage({
      'GET /api/address/user-1': { status: 500, body: { message: 'Something went wrong on our side.', code: 'INTERNAL' } },
    });
    await waitFor(() => expect(toasts()).toContain('Failed to fetch address. Please try again.'));
    expect(screen.getAllByTestId('toast')[0]).toHaveAttribute('data-tone', 'error');
  });

  it('Next saves, then goes to the payment step', async () => {
    const { user, callsTo, router } = await openPage({ 'GET /api/address/user-1': { body: { address: SAVED } } });
    await waitFor(() => expect(field('City')).toHaveValue('Bangalore'));
    await user.click(main().getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/pay'));
    expect(callsTo('POST', '/api/add-address')).toHaveLength(1);
  });

  it('Back goes to the photo editor', async () => {
    const { user, router } = await openPage();
    const order = JSON.stringify({ photo: { _id: 'p1', url: '/media/p1.jpg', width: 2000, height: 1500, imageType: 'landscape' } });
    window.localStorage.setItem('framewala.order', order);
    await user.click(main().getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/edit-photo'));
  });

  it('a refused token on save ends the session and goes to sign in, coming back here', async () => {
    const { user, router } = await openPage({
      'GET /api/address/user-1': { body: { address: SAVED } },
      'POST /api/add-address': {
        status: 401,
        body: { message: 'Your session has expired or is not valid. Please sign in again.', code: 'UNAUTHORIZED' },
      },
    });
    await waitFor(() => expect(field('City')).toHaveValue('Bangalore'));
    await user.click(main().getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(router.state.location.search).toBe('?next=%2Fcheckout');
    expect(getSession()).toBeNull();
  });

  it('shows the name at once when the address names an account made by a sign-in code', async () => {
    // The server fills the account's empty names and mobile from its first saved address.
    let saved = false;
    const unnamed = { ...SAMPLE_USER, firstName: '', lastName: '', mobileNumber: '' };
    signInAs(unnamed);
    const calls = api({
      'GET /api/user': () => ({
        body: { user: { ...(saved ? { ...SAMPLE_USER, firstName: 'Asha', lastName: 'Verma' } : unnamed), address: null } },
      }),
      'GET /api/address/user-1': { body: { address: SAVED } },
      'POST /api/add-address': () => {
        saved = true;
        return { body: { message: 'Address saved successfully!', address: SAVED } };
      },
    });
    const { user } = renderRoute('/checkout');
    await main().findByRole('heading', { level: 1, name: 'Buyer Details' });
    await waitFor(() => expect(field('City')).toHaveValue('Bangalore'));
    expect(screen.getByRole('button', { name: /Account menu for asha/ })).toBeVisible();
    await user.click(main().getByRole('button', { name: 'Save Address' }));

    expect(await screen.findByRole('button', { name: /Account menu for Asha/ })).toBeVisible();
    expect(getSession()?.user).toMatchObject({ firstName: 'Asha', lastName: 'Verma' });
    expect(calls.callsTo('GET', '/api/user').length).toBeGreaterThanOrEqual(2);
  });

  it('bundles the country flags: no flag image is fetched', async () => {
    await openPage();
    const phone = field('Phone Number').closest('.PhoneInput')!;
    expect(phone.querySelector('svg')).not.toBeNull();
    expect(document.querySelectorAll('img[src^="http"]')).toHaveLength(0);
  });
});

describe('/checkout (buyer details) in Hindi', { timeout: 40_000 }, () => {
  afterEach(() => i18n.activate('en'));

  async function openInHindi(overrides: Parameters<typeof api>[0] = {}) {
    await activateLocale('hi', ['buyer-details']);
    signInAs();
    const calls = api(overrides);
    const view = renderRoute('/checkout');
    await main().findByRole('heading', { level: 1, name: 'ख़रीदार की जानकारी' });
    await waitFor(() => expect(main().queryByText('आपका सेव किया हुआ पता लोड हो रहा है…')).toBeNull());
    return { ...view, ...calls };
  }

  it('lists the states in Hindi and still sends the English name the server expects', async () => {
    const { user, callsTo } = await openInHindi({ 'GET /api/pincode/194109': { body: NOT_FOUND } });
    await user.type(field('पता लाइन 1'), 'House 4, Main Bazaar');
    await user.type(field('पिनकोड'), '194109');
    expect(await main().findByText('पिनकोड सही नहीं है')).toBeVisible();
    const state = main().getByRole('combobox', { name: /^राज्य/ });
    const options = within(state).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(expect.arrayContaining(['अपना राज्य चुनें', 'लद्दाख', 'जम्मू और कश्मीर']));
    expect(options.map((o) => o.textContent)).not.toContain('Ladakh');
    expect(within(state).getByRole('option', { name: 'लद्दाख' })).toHaveValue('Ladakh');

    await user.type(field('शहर'), 'Leh');
    await user.selectOptions(state, 'लद्दाख');
    await user.click(main().getByRole('button', { name: 'पता सेव करें' }));
    await waitFor(() => expect(callsTo('POST', '/api/add-address')).toHaveLength(1));
    expect(callsTo('POST', '/api/add-address')[0]?.body).toMatchObject({ address: { city: 'Leh', state: 'Ladakh' } });
    await waitFor(() => expect(toasts()).toContain('पता सेव हो गया!'));
  });

  it('shows the state found from the pincode in Hindi, and the form errors in Hindi', async () => {
    const { user, callsTo } = await openInHindi();
    await user.type(field('पिनकोड'), '560001');
    await waitFor(() => expect(field('राज्य')).toHaveValue('कर्नाटक'));
    expect(field('राज्य')).toHaveAttribute('readonly');

    const phone = field('फ़ोन नंबर');
    await user.clear(phone);
    await user.type(phone, '12345');
    await user.click(main().getByRole('button', { name: 'पता सेव करें' }));
    expect(await main().findByText('सही फ़ोन नंबर डालें')).toBeVisible();
    expect(main().getByText('पता डालें')).toBeVisible();
    expect(main().queryByText('Enter a valid phone number')).toBeNull();
    expect(main().queryByText('Enter the address')).toBeNull();
    expect(callsTo('POST', '/api/add-address')).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '9876543210');
    await user.type(field('पता लाइन 1'), '12 MG Road');
    await user.click(main().getByRole('button', { name: 'पता सेव करें' }));
    await waitFor(() => expect(callsTo('POST', '/api/add-address')).toHaveLength(1));
    expect(callsTo('POST', '/api/add-address')[0]?.body).toMatchObject({ address: { city: 'Bangalore', state: 'Karnataka' } });
  });
});
