import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

const NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

/** Chromium's executable: `$SEMIFORGE_CHROMIUM`, else the first of the usual names on PATH; undefined when none. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.SEMIFORGE_CHROMIUM) return env.SEMIFORGE_CHROMIUM;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    for (const name of NAMES) {
      const path = join(dir, name);
      try {
        accessSync(path, constants.X_OK);
        return path;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

/**
 * Flags for a headless Chromium with WebGPU: `--enable-unsafe-webgpu` lets it offer an adapter on Linux and
 * on software (SwiftShader's Vulkan when there is no GPU); `--no-sandbox` because CI runs as root.
 */
export const CHROMIUM_FLAGS: readonly string[] = ['--headless=new', '--no-sandbox', '--enable-unsafe-webgpu', '--disable-dev-shm-usage'];
