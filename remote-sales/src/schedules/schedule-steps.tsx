import { useMutation, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '@admin/shared/auth';
import type { ScheduledInvoice } from '@admin/shared/contract';
import { queryClient } from '@admin/shared/query';
import { Badge, Button, HStack, notifySuccess } from '@admin/shared/ui';
import { ConfirmDialog } from '@admin/shared/ui-kit';
import { GENERATE_DEPENDENTS, scheduleKeys } from '../related-keys';
import { runScheduleStep } from './api';

export type ScheduleStep = 'activate' | 'automate' | 'generate' | 'pause' | 'resume';

interface StepConfig {
  label: string;
  /** Asked before the call; steps without a question run at once. */
  confirm?: string;
  success: string;
  failure: string;
  invalidates: QueryKey[];
}

/** The lifecycle steps of a schedule, with their questions and toasts. */
export const STEPS: Record<ScheduleStep, StepConfig> = {
  activate: {
    label: 'Activate',
    confirm: 'This will activate the scheduled invoice. Continue?',
    success: 'Scheduled invoice activated successfully',
    failure: 'Failed to activate scheduled invoice',
    invalidates: [scheduleKeys.all],
  },
  automate: {
    label: 'Automate',
    confirm: 'This will enable automatic invoice generation. Continue?',
    success: 'Automation enabled successfully',
    failure: 'Failed to enable automation',
    invalidates: [scheduleKeys.all],
  },
  generate: {
    label: 'Generate',
    confirm: 'Are you sure you want to generate a new invoice from this schedule?',
    success: 'Invoice generated successfully',
    failure: 'Failed to generate invoice',
    invalidates: GENERATE_DEPENDENTS,
  },
  pause: {
    label: 'Pause',
    success: 'Scheduled invoice paused successfully',
    failure: 'Failed to pause scheduled invoice',
    invalidates: [scheduleKeys.all],
  },
  resume: {
    label: 'Resume',
    success: 'Scheduled invoice resumed successfully',
    failure: 'Failed to resume scheduled invoice',
    invalidates: [scheduleKeys.all],
  },
};

/** The steps a schedule's row offers: an automated schedule no longer offers Automate. */
export function stepsFor(schedule: Pick<ScheduledInvoice, 'status' | 'automated'>): ScheduleStep[] {
  switch (schedule.status) {
    case 'inactive':
      return ['activate'];
    case 'active':
      return schedule.automated ? ['generate', 'pause'] : ['automate', 'generate', 'pause'];
    case 'paused':
      return ['resume', 'generate'];
    default:
      return ['generate'];
  }
}

interface Request {
  step: ScheduleStep;
  schedule: ScheduledInvoice;
}

/** Runs lifecycle steps, asking first where a step has a question; `dialog` is the question, rendered once by the page. */
export function useScheduleSteps() {
  const [asking, setAsking] = useState<Request | null>(null);
  // The last question stays in the dialog while it closes.
  const [shown, setShown] = useState<Request | null>(null);
  const run = useMutation({
    mutationFn: ({ step, schedule }: Request) => runScheduleStep(schedule, step, STEPS[step].failure),
    onSuccess: (_answer, { step }) => {
      notifySuccess(STEPS[step].success);
      return Promise.all(STEPS[step].invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });

  const request = (step: ScheduleStep, schedule: ScheduledInvoice) => {
    if (STEPS[step].confirm) {
      setAsking({ step, schedule });
      setShown({ step, schedule });
    } else {
      run.mutate({ step, schedule });
    }
  };
  const running = (step: ScheduleStep, schedule: ScheduledInvoice) =>
    run.isPending && run.variables?.step === step && run.variables.schedule._id === schedule._id;

  const dialog = (
    <ConfirmDialog
      open={asking !== null}
      title="Confirm"
      message={shown ? STEPS[shown.step].confirm : ''}
      confirmLabel={shown ? STEPS[shown.step].label : 'Continue'}
      onConfirm={() => (asking ? run.mutateAsync(asking) : undefined)}
      onClose={() => setAsking(null)}
    />
  );
  return { request, running, dialog };
}

export type ScheduleSteps = ReturnType<typeof useScheduleSteps>;

/** A row's lifecycle buttons (for users who may run schedules), and the 'Automated' marker once the schedule generates by itself. */
export function ScheduleStepButtons({ schedule, steps }: { schedule: ScheduledInvoice; steps: ScheduleSteps }) {
  const canRun = useCan('schedules.run');
  return (
    <HStack as="span" display="inline-flex" gap="1" me="1" verticalAlign="middle">
      {schedule.automated && (
        <Badge colorPalette="purple" variant="subtle">
          Automated
        </Badge>
      )}
      {canRun &&
        stepsFor(schedule).map((step) => (
          <Button
            key={step}
            size="xs"
            variant="outline"
            loading={steps.running(step, schedule)}
            onClick={() => steps.request(step, schedule)}
          >
            {STEPS[step].label}
          </Button>
        ))}
    </HStack>
  );
}
