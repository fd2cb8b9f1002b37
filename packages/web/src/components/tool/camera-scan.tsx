import { Camera, CameraOff, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolDefinition } from '@textlift/core/tools';
import { runJob } from '../../workers/run-job.ts';
import { Button } from '../ui/button.tsx';

/** Frames are read one after another; between two, the camera rests this long (ms). */
const FRAME_PAUSE_MS = 200;
/** A frame's longer side is cut to this: codes read well at it, and a 4K frame takes 4× longer. */
const FRAME_MAX_SIDE = 1280;

type CameraState = 'off' | 'starting' | 'looking' | 'denied';

/** One camera frame as a JPEG file, as if the visitor had uploaded a photo. */
async function grabFrame(video: HTMLVideoElement): Promise<File | undefined> {
  const scale = Math.min(1, FRAME_MAX_SIDE / Math.max(video.videoWidth, video.videoHeight, 1));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  if (canvas.width === 0 || canvas.height === 0) return undefined;
  canvas.getContext('2d')!.drawImage(video, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
  return blob ? new File([blob], 'camera.jpg', { type: 'image/jpeg' }) : undefined;
}

/**
 * Live scanning from the device's camera, asked for only when the visitor presses the
 * button: frames go through the tool's own conversion on this device until one holds a code,
 * which is then handed to the page as a chosen photo (shown and listed like an upload).
 */
export function CameraScan({ tool, onFound, disabled }: { tool: ToolDefinition; onFound(file: File): void; disabled?: boolean }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const session = useRef<{ stream: MediaStream; controller: AbortController }>(undefined);
  const [state, setState] = useState<CameraState>('off');
  // Known only in the browser: the prerendered page shows no camera button.
  const [supported, setSupported] = useState(false);
  useEffect(() => setSupported(Boolean(navigator.mediaDevices?.getUserMedia)), []);

  const stop = () => {
    session.current?.controller.abort();
    session.current?.stream.getTracks().forEach((track) => track.stop());
    session.current = undefined;
  };
  useEffect(() => stop, []);

  const look = async (signal: AbortSignal) => {
    while (!signal.aborted) {
      const frame = video.current && (await grabFrame(video.current));
      const codes = frame && (await runJob(tool, { files: [frame] }, {}, { signal }).then((result) => result.data?.codes ?? [], () => []));
      if (signal.aborted) return;
      if (frame && codes && codes.length > 0) {
        stop();
        setState('off');
        return onFound(frame);
      }
      await new Promise((resolve) => setTimeout(resolve, FRAME_PAUSE_MS));
    }
  };

  const start = async () => {
    setState('starting');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      const controller = new AbortController();
      session.current = { stream, controller };
      video.current!.srcObject = stream;
      await video.current!.play();
      setState('looking');
      void look(controller.signal);
    } catch {
      stop();
      setState('denied');
    }
  };

  if (!supported) return null;
  const on = state === 'starting' || state === 'looking';
  return (
    <div className="flex flex-col gap-2" data-testid="camera-scan">
      <video ref={video} muted playsInline aria-label={t('codes.camera.video')} className={on ? 'max-h-72 w-full rounded-xl bg-slate-900 object-contain' : 'hidden'} />
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" disabled={disabled && !on} onClick={() => (on ? (stop(), setState('off')) : void start())} data-testid="camera-toggle">
          {on ? <CameraOff className="size-4" aria-hidden /> : <Camera className="size-4" aria-hidden />}
          {on ? t('codes.camera.stop') : t('codes.camera.start')}
        </Button>
        <p className="inline-flex items-center gap-1.5 text-xs text-slate-500" aria-live="polite">
          {state === 'starting' && <Loader2 className="size-3.5 animate-spin" aria-hidden />}
          {state === 'starting' ? t('codes.camera.starting') : state === 'looking' ? t('codes.camera.looking') : t('codes.camera.private')}
        </p>
      </div>
      {state === 'denied' && <p role="alert" className="text-sm font-medium text-red-700">{t('codes.camera.denied')}</p>}
    </div>
  );
}
