import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A refused save's message that belongs to no field (the Validation Failed tree's root), above the form. */
export function FormRootError({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="form-root-error">
      {children}
    </Alert>
  );
}
