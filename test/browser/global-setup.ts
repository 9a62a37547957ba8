import { execFileSync } from 'node:child_process';

/** Browser tests load the built widget exactly as a site would, so build it first (SKIP_BUILD=1 to reuse dist/). */
export default function setup(): void {
  if (process.env.SKIP_BUILD === '1') return;
  execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
}
