import { AUDIO_MIN_BYTES, TOAST_DURATION_MS } from "@atendo/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";

export type RecorderState = "idle" | "recording" | "encoding";

/**
 * The composer's recorder (document 1 section 4): idle, recording (with a
 * timer), then sent as MP3 or cancelled. Recordings under 10,000 bytes are dropped.
 */
export function useAudioRecorder(onRecorded: (file: File) => Promise<void> | void) {
  const { t } = useTranslation();
  const [state, setState] = useState<RecorderState>("idle");
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const keep = useRef(false);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  useEffect(
    () => () => {
      clearInterval(timer.current);
      keep.current = false;
      if (recorder.current?.state === "recording") recorder.current.stop();
      for (const track of recorder.current?.stream.getTracks() ?? []) track.stop();
    },
    [],
  );

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === "undefined") {
      toast.error(t("conversation.composer.recorderUnavailable"), { autoClose: TOAST_DURATION_MS });
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      toast.error(t("conversation.composer.microphoneDenied"), { autoClose: TOAST_DURATION_MS });
      return;
    }
    const next = new MediaRecorder(stream);
    chunks.current = [];
    keep.current = false;
    next.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.current.push(event.data);
    };
    next.onstop = async () => {
      clearInterval(timer.current);
      for (const track of stream.getTracks()) track.stop();
      if (!keep.current) {
        setState("idle");
        return;
      }
      setState("encoding");
      try {
        const { encodeMp3 } = await import("./mp3");
        const mp3 = await encodeMp3(new Blob(chunks.current, { type: next.mimeType }));
        if (mp3.size < AUDIO_MIN_BYTES) {
          toast.info(t("conversation.composer.recordingTooShort"), { autoClose: TOAST_DURATION_MS });
          return;
        }
        await onRecorded(new File([mp3], `audio-${Date.now()}.mp3`, { type: "audio/mpeg" }));
      } catch (error) {
        console.error(error);
        toast.error(t("conversation.composer.recordingFailed"), { autoClose: TOAST_DURATION_MS });
      } finally {
        setState("idle");
      }
    };
    recorder.current = next;
    next.start();
    setSeconds(0);
    setState("recording");
    timer.current = setInterval(() => setSeconds((value) => value + 1), 1000);
  }, [onRecorded, t]);

  const finish = useCallback((send: boolean) => {
    keep.current = send;
    if (recorder.current?.state === "recording") recorder.current.stop();
  }, []);

  return { state, seconds, start, send: () => finish(true), cancel: () => finish(false) };
}

/** m:ss for the recording timer. */
export function formatDuration(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  return `${minutes}:${String(totalSeconds % 60).padStart(2, "0")}`;
}
