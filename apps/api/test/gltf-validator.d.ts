declare module 'gltf-validator' {
  export interface ValidationReport {
    issues: { numErrors: number; numWarnings: number; messages: { code: string; message: string; severity: number; pointer?: string }[] };
    info?: Record<string, unknown>;
  }
  export function validateBytes(data: Uint8Array, options?: { maxIssues?: number }): Promise<ValidationReport>;
  const validator: { validateBytes: typeof validateBytes };
  export default validator;
}
