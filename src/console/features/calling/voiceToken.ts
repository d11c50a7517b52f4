import { mayReuseVoiceToken, VOICE_TEXTS } from '../../../domain/voiceCalls';
import { fetcher } from '../../api/client';

/** Spec 000 section 3: the voice-call token response (and which device to load). */
export interface VoiceToken {
  token: string;
  expires_at: string;
  phone_number: string;
  carrier: 'twilio' | 'simulated';
}

/** Spec 000 section 8: a 400 means the user may not call; the console does not ask again. */
export class VoiceTokenRefused extends Error {
  constructor() {
    super(VOICE_TEXTS.tokenRefused);
  }
}

/**
 * The voice token of the signed-in user (spec 000 sections 7 and 9): reused while its expiry is more
 * than 5 minutes away, else fetched again; a 400 is 'Bad Request - will not retry' and ends the asking;
 * any other failure is an HTTP status error, and the token is cleared. One keeper per console.
 */
export class VoiceTokenKeeper {
  private current: VoiceToken | null = null;
  private refused = false;

  constructor(private readonly fetchToken: () => Promise<Response> = () => fetcher('/voice-calls/token', { method: 'POST' })) {}

  async get(now = Date.now()): Promise<VoiceToken> {
    if (this.refused) throw new VoiceTokenRefused();
    if (this.current && mayReuseVoiceToken(this.current.expires_at, now)) return this.current;
    this.current = null;
    const response = await this.fetchToken();
    if (response.status === 400) {
      this.refused = true;
      throw new VoiceTokenRefused();
    }
    if (!response.ok) throw new Error(`HTTP error ${response.status}`);
    this.current = (await response.json()) as VoiceToken;
    return this.current;
  }
}

export const voiceTokens = new VoiceTokenKeeper();
