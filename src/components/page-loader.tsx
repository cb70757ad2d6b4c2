import { Center, Loader } from '@mantine/core';

export function PageLoader() {
  return (
    <Center mih="70dvh" role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}
