import { scannedBarcode } from '@schemas/barcode-check';

/** The browser's own barcode reader, where it has one (Chrome on Android, for one). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

const FORMATS = ['ean_13', 'upc_a'];
const PAUSE_MS = 150;

async function browserDetector(): Promise<BarcodeDetectorLike | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  const supported = await Detector.getSupportedFormats().catch((): string[] => []);
  const formats = FORMATS.filter((format) => supported.includes(format));
  return formats.length ? new Detector({ formats }) : null;
}

/**
 * Reads the video's frames until an EAN-13 or UPC-A whose check digit holds is seen, and hands it to
 * `found` once; answers how to stop reading. Without the browser's own reader, a library does the
 * reading: it loads here, on the first scan, and never with the screen.
 */
export async function readBarcodes(video: HTMLVideoElement, found: (code: string) => void, failed: () => void): Promise<() => void> {
  let done = false;
  const accept = (text: string) => {
    const code = text.trim();
    if (done || !scannedBarcode(code)) return;
    done = true;
    found(code);
  };

  const detector = await browserDetector();
  if (detector) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = async () => {
      if (done) return;
      try {
        const codes = await detector.detect(video);
        codes.forEach((code) => accept(code.rawValue));
      } catch {
        done = true;
        return failed();
      }
      if (!done) timer = setTimeout(look, PAUSE_MS);
    };
    void look();
    return () => {
      done = true;
      clearTimeout(timer);
    };
  }

  const { readWithLibrary } = await import('./barcodeLibrary');
  const stopLibrary = readWithLibrary(video, accept, () => {
    if (!done) failed();
  });
  return () => {
    done = true;
    stopLibrary();
  };
}
