/**
 * What a step needs from a model backend; model/index.ts meters it. Kept apart so the steps
 * depend on the port, not on the provider's construction.
 */
export interface ModelProvider {
  readonly name: string;
  complete(req: {
    prompt: string;
    system?: string;
    model?: string;
  }): Promise<{ text: string; model: string; usage?: { inputTokens: number; outputTokens: number } }>;
}
