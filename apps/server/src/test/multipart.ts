/** A multipart body with one file in the field "file", as a browser's upload sends it, after `fields`. */
export function multipart(
  name: string,
  content: Buffer | string,
  type = 'application/octet-stream',
  fields: Record<string, string> = {},
) {
  const boundary = '----tms-test-upload';
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([field, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
