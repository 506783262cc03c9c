import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '@admin/shared/auth';
import type { ScheduledInvoice } from '@admin/shared/contract';
import { Badge, Button, HStack, notifySuccess } from '@admin/shared/ui';
import { useT } from '@admin/shared/i18n';
import { ConfirmDialog } from '@admin/shared/ui-kit';
import { SALES_NAMESPACE, salesText } from '../i18n';
import { runScheduleStep, schedules } from './api';

export type ScheduleStep = 'activate' | 'automate' | 'generate' | 'pause' | 'resume';

interface StepConfig {
  label: string;
  /** Asked before the call; steps without a question run at once. */
  confirm?: string;
  success: string;
  failure: string;
}

/** A step's texts ('steps.<step>.label', '….confirm', '….success', '….failure'), read in the language of the moment. */
function step(name: ScheduleStep, asks: boolean): StepConfig {
  const text = (part: string) => salesText(`steps.${name}.${part}`);
  return {
    get label() {
      return text('label');
    },
    get confirm() {
      return asks ? text('confirm') : undefined;
    },
    get success() {
      return text('success');
    },
    get failure() {
      return text('failure');
    },
  };
}

/** The lifecycle steps of a schedule, with their questions and toasts. */
export const STEPS: Record<ScheduleStep, StepConfig> = {
  activate: step('activate', true),
  automate: step('automate', true),
  generate: step('generate', true),
  pause: step('pause', false),
  resume: step('resume', false),
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
  const t = useT(SALES_NAMESPACE);
  const [asking, setAsking] = useState<Request | null>(null);
  // The last question stays in the dialog while it closes.
  const [shown, setShown] = useState<Request | null>(null);
  const run = useMutation({
    mutationFn: ({ step, schedule }: Request) => runScheduleStep(schedule, step, STEPS[step].failure),
    onSuccess: (_answer, { step }) => notifySuccess(STEPS[step].success),
    // Generate makes an invoice: the stale map's schedule change refreshes what an invoice feeds.
    meta: { changes: schedules.definition },
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
      title={t('steps.confirmTitle')}
      message={shown ? STEPS[shown.step].confirm : ''}
      confirmLabel={shown ? STEPS[shown.step].label : t('steps.continue')}
      onConfirm={() => (asking ? run.mutateAsync(asking) : undefined)}
      onClose={() => setAsking(null)}
    />
  );
  return { request, running, dialog };
}

export type ScheduleSteps = ReturnType<typeof useScheduleSteps>;

/** A row's lifecycle buttons (for users who may run schedules), and the 'Automated' marker once the schedule generates by itself. */
export function ScheduleStepButtons({ schedule, steps }: { schedule: ScheduledInvoice; steps: ScheduleSteps }) {
  const t = useT(SALES_NAMESPACE);
  const canRun = useCan('schedules.run');
  return (
    <HStack as="span" display="inline-flex" gap="1" me="1" verticalAlign="middle">
      {schedule.automated && (
        <Badge colorPalette="purple" variant="subtle">
          {t('schedules.automated')}
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
