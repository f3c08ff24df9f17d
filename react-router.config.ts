import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'src/web',
  ssr: true,
  // BUILD_DIR lets several checkouts or test runs build side by side.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
} satisfies Config;
