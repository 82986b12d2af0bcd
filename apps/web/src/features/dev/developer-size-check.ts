import { DEVELOPER_SIZES_IN, MIN_PRINT_PPI } from '@framewala/domain';

export type Fit = { inches: number; ppiWide: number; ppiHigh: number; fits: boolean };

/** A photo fits a size when it has at least MIN_PRINT_PPI pixels per inch in both directions. */
export function checkDeveloperSizes(pixelsWide: number, pixelsHigh: number): Fit[] {
  return DEVELOPER_SIZES_IN.map((inches) => {
    const ppiWide = Math.floor(pixelsWide / inches);
    const ppiHigh = Math.floor(pixelsHigh / inches);
    return { inches, ppiWide, ppiHigh, fits: ppiWide >= MIN_PRINT_PPI && ppiHigh >= MIN_PRINT_PPI };
  });
}
