/**
 * The script-tag build of vite.config.ts without minification, into test-results/bench/profile-dist/, so the CPU
 * profiles of profile.ts name real functions. Used only by profile.ts (`--mode script`, then `--mode loader`).
 */
import type { UserConfig } from 'vite';
import { defineConfig } from 'vitest/config';
import projectConfig from '../../vite.config';

export const PROFILE_DIST = 'test-results/bench/profile-dist';

export default defineConfig((env) => {
  const config = (typeof projectConfig === 'function' ? projectConfig(env) : projectConfig) as UserConfig;
  const build = config.build ?? {};
  const output = build.rollupOptions?.output;
  return {
    ...config,
    build: {
      ...build,
      outDir: PROFILE_DIST,
      emptyOutDir: env.mode === 'script',
      minify: false,
      rollupOptions: {
        ...build.rollupOptions,
        output: output && !Array.isArray(output) ? { ...output, minify: false } : output,
      },
    },
  };
});
