import { Center, Loader } from '@mantine/core';

export function FullScreenLoader() {
  return (
    <Center h="100dvh" data-testid="full-screen-loader" role="status" aria-live="polite">
      <Loader size="lg" />
    </Center>
  );
}
