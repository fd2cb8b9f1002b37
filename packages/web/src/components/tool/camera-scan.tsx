import { Camera, CameraOff, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScannedCode } from '@textlift/core/conversion';
import { toConversionError } from '@textlift/core/errors';
import type { ToolDefinition } from '@textlift/core/tools';
import { errorMessage } from '../../lib/error-message.ts';
import { runJob } from '../../workers/run-job.ts';
import { Button } from '../ui/button.tsx';

/** Frames are read one after another; between two, the camera rests this long (ms). */
const FRAME_PAUSE_MS = 200;
/** A frame's longer side is cut to this: codes read well at it, and a 4K frame takes 4× longer. */
const FRAME_MAX_SIDE = 1280;

type CameraState = 'off' | 'starting' | 'looking' | 'denied' | 'failed';

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
 * `onActive` tells the page while the camera is on, so that it takes no upload meanwhile (both
 * would share the one conversion worker, which stopping the camera ends).
 */
export function CameraScan({
  tool,
  onFound,
  onActive,
  disabled,
}: {
  tool: ToolDefinition;
  onFound(file: File): void;
  onActive?(on: boolean): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  // The session under way; a newer one (or none, after Stop) makes an older one's late steps void.
  const session = useRef<{ stream?: MediaStream; controller: AbortController }>(undefined);
  const [state, setState] = useState<CameraState>('off');
  const [failure, setFailure] = useState<string>();
  // Known only in the browser: the prerendered page shows no camera button.
  const [supported, setSupported] = useState(false);
  useEffect(() => setSupported(tool.runsOn === 'device' && Boolean(navigator.mediaDevices?.getUserMedia)), [tool]);
  const activeCallback = useRef(onActive);
  activeCallback.current = onActive;
  useEffect(() => activeCallback.current?.(state === 'starting' || state === 'looking'), [state]);

  const stop = (next: CameraState = 'off') => {
    session.current?.controller.abort();
    session.current?.stream?.getTracks().forEach((track) => track.stop());
    session.current = undefined;
    setState(next);
  };
  useEffect(
    () => () => {
      session.current?.controller.abort();
      session.current?.stream?.getTracks().forEach((track) => track.stop());
    },
    [],
  );

  const look = async (signal: AbortSignal) => {
    while (!signal.aborted) {
      const frame = video.current && (await grabFrame(video.current));
      let codes: ScannedCode[] = [];
      try {
        codes = frame ? ((await runJob(tool, { files: [frame] }, {}, { signal })).data?.codes ?? []) : [];
      } catch (error) {
        const failed = toConversionError(error);
        // "No code in this frame" is the usual answer; anything else would repeat at every frame.
        if (failed.code !== 'no-text' && failed.code !== 'cancelled') {
          if (!signal.aborted) stop('failed');
          return setFailure(errorMessage(failed, t, 'image'));
        }
      }
      if (signal.aborted) return;
      if (frame && codes.length > 0) {
        stop();
        return onFound(frame);
      }
      await new Promise((resolve) => setTimeout(resolve, FRAME_PAUSE_MS));
    }
  };

  const start = async () => {
    const own = { controller: new AbortController() } as { stream?: MediaStream; controller: AbortController };
    session.current = own;
    setFailure(undefined);
    setState('starting');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      own.stream = stream;
      // Stopped (or left) while the browser asked for permission: the camera goes off again.
      if (session.current !== own || !video.current) return stream.getTracks().forEach((track) => track.stop());
      video.current.srcObject = stream;
      await video.current.play();
      if (session.current !== own) return;
      setState('looking');
      void look(own.controller.signal);
    } catch {
      if (session.current === own) stop('denied');
    }
  };

  if (!supported) return null;
  const on = state === 'starting' || state === 'looking';
  return (
    <div className="flex flex-col gap-2" data-testid="camera-scan">
      <video
        ref={video}
        muted
        playsInline
        aria-label={t('codes.camera.video')}
        className={on ? 'max-h-72 w-full rounded-xl bg-slate-900 object-contain' : 'hidden'}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" disabled={disabled && !on} onClick={() => (on ? stop() : void start())} data-testid="camera-toggle">
          {on ? <CameraOff className="size-4" aria-hidden /> : <Camera className="size-4" aria-hidden />}
          {on ? t('codes.camera.stop') : t('codes.camera.start')}
        </Button>
        <p className="inline-flex items-center gap-1.5 text-xs text-slate-500" aria-live="polite">
          {state === 'starting' && <Loader2 className="size-3.5 animate-spin" aria-hidden />}
          {state === 'starting' ? t('codes.camera.starting') : state === 'looking' ? t('codes.camera.looking') : t('codes.camera.private')}
        </p>
      </div>
      {state === 'denied' && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {t('codes.camera.denied')}
        </p>
      )}
      {state === 'failed' && failure && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {failure}
        </p>
      )}
    </div>
  );
}
