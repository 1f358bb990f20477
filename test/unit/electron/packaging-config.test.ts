// The packaging config, read and validated by electron-builder's own loader: the Electron fuses that close the
// ways around the app's code (running as Node, a debugger, NODE_OPTIONS, code outside the checked asar).
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

interface Loaded {
  electronFuses?: Record<string, boolean>;
  asar?: unknown;
}

async function packagingConfig(): Promise<Loaded> {
  const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
    getConfig: (dir: string, path: null, fromOptions: null) => Promise<Loaded>;
    validateConfiguration: (config: Loaded, logger: unknown) => Promise<void>;
  };
  const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
  const config = await getConfig(process.cwd(), null, null);
  await validateConfiguration(config, new DebugLogger(false));
  return config;
}

describe('packaging', () => {
  it('sets the Electron fuses', async () => {
    const config = await packagingConfig();
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeCliInspectArguments: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
    });
    // onlyLoadAppFromAsar and the integrity check need the archive.
    expect(config.asar).not.toBe(false);
  });
});
