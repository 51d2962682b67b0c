import { fitThermalPage } from './pageSize';

/** Prints the content of react-to-print's frame, the 80 mm page cut to the ticket's length. */
export async function printFrame(frame: HTMLIFrameElement, title: string): Promise<void> {
  const frameDocument = frame.contentDocument;
  const frameWindow = frame.contentWindow;
  if (!frameDocument || !frameWindow) return;
  fitThermalPage(frameDocument);
  const ownerTitle = document.title;
  document.title = title;
  frameDocument.title = title;
  frameWindow.print();
  document.title = ownerTitle;
}
