import { describe, expect, it } from '@rstest/core';
import { STEPS, stepsFor } from './schedule-steps';

describe('schedule row steps', () => {
  it('follow the status', () => {
    expect(stepsFor({ status: 'inactive', automated: false })).toEqual(['activate']);
    expect(stepsFor({ status: 'active', automated: false })).toEqual(['automate', 'generate', 'pause']);
    expect(stepsFor({ status: 'paused', automated: false })).toEqual(['resume', 'generate']);
    expect(stepsFor({ status: 'completed', automated: false })).toEqual(['generate']);
  });

  it('no longer offer Automate once the schedule is automated', () => {
    expect(stepsFor({ status: 'active', automated: true })).toEqual(['generate', 'pause']);
  });

  it('ask their questions before activating, automating and generating only', () => {
    expect(STEPS.activate.confirm).toBe('This will activate the scheduled invoice. Continue?');
    expect(STEPS.automate.confirm).toBe('This will enable automatic invoice generation. Continue?');
    expect(STEPS.generate.confirm).toBe('Are you sure you want to generate a new invoice from this schedule?');
    expect([STEPS.pause.confirm, STEPS.resume.confirm]).toEqual([undefined, undefined]);
  });
});
