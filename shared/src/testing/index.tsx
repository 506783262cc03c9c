// Test helpers for the areas' component tests (imported as @admin/shared/testing; never by app code).
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { queryClient } from '../query';
import { UiProvider } from '../ui';
import { FormDialog, type FieldValues, type ResourceFormConfig } from '../ui-kit';

/**
 * Opens a screen's add (no row) or edit dialog as the screen does, and hands each submission's
 * request body (after the form's conversion) to `send`.
 */
export function renderForm<T, TValues extends FieldValues, TOutput, TInput>(
  config: ResourceFormConfig<T, TValues, TOutput, TInput>,
  send: (input: TInput) => Promise<unknown>,
  row?: T,
) {
  const children = config.children;
  return render(
    <QueryClientProvider client={queryClient}>
      <UiProvider>
        <FormDialog<TValues, TOutput>
          open
          mode={row ? 'edit' : 'create'}
          title={row ? config.titles.edit : config.titles.create}
          schema={config.schema}
          defaultValues={row ? config.fromRow(row) : config.empty()}
          fields={config.fields}
          onSubmit={(values) => send(config.toInput(values))}
          onClose={() => undefined}
        >
          {children && ((form) => children(form, row ?? null))}
        </FormDialog>
      </UiProvider>
    </QueryClientProvider>,
  );
}
