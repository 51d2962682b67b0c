import { BrowserCodeReader } from '@zxing/browser';
import { BarcodeFormat, DecodeHintType, EAN13Reader } from '@zxing/library';

/**
 * Reads EAN-13 barcodes from the video's frames with ZXing until stopped; a UPC-A is one with a
 * leading 0, so it reads as its 13-digit form. `failed` is told when the reading cannot go on.
 */
export function readWithLibrary(video: HTMLVideoElement, found: (text: string) => void, failed: () => void): () => void {
  // Not TRY_HARDER: past the rows it reads then, it turns the picture, and @zxing/browser 0.2.1 fails turning a canvas.
  const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.EAN_13]]]);
  const reader = new BrowserCodeReader(new EAN13Reader(), hints, { delayBetweenScanAttempts: 150, delayBetweenScanSuccess: 150 });
  let stopped = false;
  const controls = reader.scan(
    video,
    (result) => {
      if (result) found(result.getText());
    },
    (error) => {
      if (error && !stopped) failed();
    },
  );
  return () => {
    stopped = true;
    controls.stop();
  };
}
