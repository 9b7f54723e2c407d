// The library ships plain JavaScript without types: the part of its API the marking codes use.
declare module 'gs1-barcode-parser-mod' {
  export interface ParsedElement {
    /** The application identifier, e.g. "01". */
    ai: string;
    dataTitle: string;
    data: unknown;
  }
  export interface ParsedBarcode {
    codeName: string;
    parsedCodeItems: ParsedElement[];
  }
  /** Throws a string naming what is wrong when the text is no GS1 element string. */
  export function parseBarcode(barcode: string): ParsedBarcode;
}
