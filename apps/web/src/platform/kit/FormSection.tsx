import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface FormSectionProps {
  /** The heading; a section of one field named by the field's own label goes without one. */
  title?: ReactNode;
  testId?: string;
  /** The fields in two columns (one on narrow screens), a little further from the heading. */
  columns?: boolean;
  /** A heading of the editor's size (the custom field editor's sections) instead of the form's small one. */
  large?: boolean;
  children: ReactNode;
}

/** A block of a form: a bordered panel under its heading. */
export function FormSection({ title, testId, columns = false, large = false, children }: FormSectionProps) {
  const heading =
    title === undefined ? null : large ? (
      <Title order={3} size="h5" mb="md">
        {title}
      </Title>
    ) : (
      <Text fw={600} size="sm" mb={columns ? 'md' : 'sm'} component="h3" mt={0}>
        {title}
      </Text>
    );
  return (
    <Paper withBorder p="lg" data-testid={testId}>
      {heading}
      {columns ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm">
          {children}
        </SimpleGrid>
      ) : (
        children
      )}
    </Paper>
  );
}
