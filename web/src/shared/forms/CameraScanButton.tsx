import { useEffect, useId, useRef, useState } from 'react';
import { Modal } from '../ui/Modal';
import { readBarcodes } from './barcodeReader';
import './camera-scan.css';

const REFUSED = 'The camera may not be used. Allow the camera for this site in the browser\'s settings, then tap Scan again.';
const NO_CAMERA = 'No camera was found on this device.';
const BUSY = 'The camera is in use by another app. Close it, then tap Scan again.';
const NOT_STARTED = 'The camera could not be started.';
const NOT_READING = 'The scanner could not be loaded. Check the connection, then tap Scan again.';

function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return REFUSED;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return NO_CAMERA;
  if (name === 'NotReadableError' || name === 'AbortError') return BUSY;
  return NOT_STARTED;
}

/** Whether a camera was last seen, so that a screen opened again shows the button at once. */
let cameraSeen = false;

/** Whether the browser may use a camera and lists one (a phone's, a tablet's, a laptop's). */
function useCamera(): boolean {
  const [present, setPresent] = useState(cameraSeen);
  useEffect(() => {
    const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!devices?.getUserMedia || !devices.enumerateDevices) return;
    let current = true;
    const look = () => {
      devices.enumerateDevices().then(
        (list) => {
          cameraSeen = list.some((device) => device.kind === 'videoinput');
          if (current) setPresent(cameraSeen);
        },
        () => undefined,
      );
    };
    look();
    devices.addEventListener('devicechange', look);
    return () => {
      current = false;
      devices.removeEventListener('devicechange', look);
    };
  }, []);
  return present;
}

interface ScannerProps {
  onCode: (code: string) => void;
  onClose: () => void;
}

/** The camera's live picture, read until a barcode is seen; the camera is off again once this closes. */
function Scanner({ onCode, onClose }: ScannerProps) {
  const titleId = useId();
  const statusId = useId();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const handOver = useRef(onCode);
  handOver.current = onCode;

  useEffect(() => {
    let closed = false;
    let stream: MediaStream | null = null;
    let stopReading: (() => void) | null = null;
    const stop = () => {
      closed = true;
      stopReading?.();
      stream?.getTracks().forEach((track) => track.stop());
      if (video.current && video.current.srcObject === stream) video.current.srcObject = null;
    };
    const fail = (message: string) => {
      if (closed) return;
      stop();
      setProblem(message);
    };

    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
          audio: false,
        });
      } catch (error) {
        return fail(cameraProblem(error));
      }
      const element = video.current;
      if (closed || !element) return stop();
      element.srcObject = stream;
      try {
        await element.play();
      } catch {
        return fail(NOT_STARTED);
      }
      try {
        const started = await readBarcodes(
          element,
          (code) => {
            if (closed) return;
            stop();
            handOver.current(code);
          },
          () => fail(NOT_STARTED),
        );
        if (closed) return started();
        stopReading = started;
        setReading(true);
      } catch {
        fail(NOT_READING);
      }
    })();
    return stop;
  }, []);

  return (
    <Modal labelledBy={titleId} describedBy={statusId} className="camera-scan" busy={false} onClose={onClose}>
      <div className="dialog-body">
        <h2 id={titleId} className="dialog-title">
          Scan a barcode
        </h2>
        {problem ? (
          <p id={statusId} className="camera-scan-problem" role="alert">
            {problem}
          </p>
        ) : (
          <>
            <div className="camera-scan-view">
              <video ref={video} className="camera-scan-video" muted playsInline aria-label="Camera" />
              <div className="camera-scan-guide" aria-hidden="true" />
            </div>
            <p id={statusId} className="camera-scan-status" role="status">
              {reading ? 'Hold the barcode level inside the frame.' : 'Starting the camera...'}
            </p>
          </>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose} autoFocus>
            Cancel
          </button>
        </div>
      </div>
    </Modal>
  );
}

interface CameraScanButtonProps {
  /** A barcode read by the camera: an EAN-13 or UPC-A whose check digit holds. */
  onScan: (code: string) => void;
  /** Names what the scan is for, for screen readers: "Scan a barcode for Quick add". */
  label?: string;
}

/**
 * A Scan button, where the device has a camera: it opens the camera (the rear one on a phone),
 * reads the first EAN-13 or UPC-A barcode it sees, closes and hands the code over. Cancel or
 * Escape closes it; the camera is off whenever the scanner is closed.
 */
export function CameraScanButton({ onScan, label }: CameraScanButtonProps) {
  const camera = useCamera();
  const [open, setOpen] = useState(false);
  if (!camera) return null;

  return (
    <>
      <button type="button" className="btn btn-secondary camera-scan-button" onClick={() => setOpen(true)} aria-label={label}>
        <svg
          className="icon"
          viewBox="0 0 24 24"
          width="18"
          height="18"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M3 7V5a2 2 0 0 1 2-2h2M17 3h2a2 2 0 0 1 2 2v2M21 17v2a2 2 0 0 1-2 2h-2M7 21H5a2 2 0 0 1-2-2v-2M7 8v8M10.5 8v8M14 8v8M17 8v8" />
        </svg>
        Scan
      </button>
      {open && (
        <Scanner
          onCode={(code) => {
            setOpen(false);
            onScan(code);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
