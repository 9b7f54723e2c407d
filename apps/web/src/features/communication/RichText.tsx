import { Typography } from '@mantine/core';

/** Rich text as the server stored it (sanitized on every write: platform/rich-text on the server). */
export function RichText({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server stores only sanitized HTML.
  return <Typography dangerouslySetInnerHTML={{ __html: html }} />;
}
