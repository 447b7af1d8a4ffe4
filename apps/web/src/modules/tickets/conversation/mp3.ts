import { AUDIO_BITRATE_KBPS } from "@atendo/shared";
import { Mp3Encoder } from "@breezystack/lamejs";

/** lame's frame size: samples are fed one frame at a time. */
const FRAME_SAMPLES = 1152;

/**
 * Re-encodes a browser recording (webm/ogg opus) as mono MP3 at 128 kbps
 * (document 1 section 4, Audio recorder). Loaded only when a recording is sent.
 */
export async function encodeMp3(recording: Blob): Promise<Blob> {
  const context = new AudioContext();
  try {
    const audio = await context.decodeAudioData(await recording.arrayBuffer());
    const channels = Array.from({ length: audio.numberOfChannels }, (_, index) => audio.getChannelData(index));
    const pcm = new Int16Array(audio.length);
    for (let i = 0; i < audio.length; i++) {
      let sample = 0;
      for (const channel of channels) sample += channel[i] ?? 0;
      sample = Math.max(-1, Math.min(1, sample / channels.length));
      pcm[i] = sample < 0 ? sample * 0x8000 : sample * 0x7fff;
    }
    const encoder = new Mp3Encoder(1, audio.sampleRate, AUDIO_BITRATE_KBPS);
    const parts: BlobPart[] = [];
    for (let offset = 0; offset < pcm.length; offset += FRAME_SAMPLES) {
      const frame = encoder.encodeBuffer(pcm.subarray(offset, offset + FRAME_SAMPLES));
      if (frame.length > 0) parts.push(new Uint8Array(frame));
    }
    const tail = encoder.flush();
    if (tail.length > 0) parts.push(new Uint8Array(tail));
    return new Blob(parts, { type: "audio/mpeg" });
  } finally {
    void context.close();
  }
}
