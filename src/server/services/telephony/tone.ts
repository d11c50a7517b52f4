/** A generated recording lasts at most this long (8-bit 8 kHz WAV: 8 KB a second). */
export const TONE_MAX_SECONDS = 300;

/** A tone as an 8 kHz, 8-bit mono WAV file: what a simulated call records when the browser sends no sound. */
export function toneWav(seconds: number, hz = 440): Buffer {
  const rate = 8000;
  const samples = Math.max(1, Math.round(Math.min(seconds, TONE_MAX_SECONDS) * rate));
  const wav = Buffer.alloc(44 + samples);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate, 28);
  wav.writeUInt16LE(1, 32);
  wav.writeUInt16LE(8, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples, 40);
  for (let i = 0; i < samples; i++) wav[44 + i] = 128 + Math.round(60 * Math.sin((2 * Math.PI * hz * i) / rate));
  return wav;
}
