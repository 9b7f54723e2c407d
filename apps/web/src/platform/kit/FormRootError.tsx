import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A refused save's message that belongs to no field (the Validation Failed tree's root), above the form;
 * several messages a line each. `data-form-error` lets a refused save bring it into view (revealErrors).
 */
export function FormRootError({ children }: { children: ReactNode }) {
  return (
    <Alert
      color="red"
      icon={<IconAlertTriangle size={18} />}
      styles={{ message: { whiteSpace: 'pre-line' } }}
      data-testid="form-root-error"
      data-form-error
    >
      {children}
    </Alert>
  );
}
