import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { UiProvider } from '@admin/shared/ui';
import { AreaMovedNotice } from './area-moved-notice';
import { usePlatformStatus } from './remote-status';

describe('AreaMovedNotice', () => {
  beforeEach(() => {
    rs.spyOn(window.location, 'reload').mockImplementation(() => undefined);
  });
  afterEach(() => {
    rs.restoreAllMocks();
    usePlatformStatus.setState({ moved: {} });
  });

  it('says nothing until an area moves, then offers the reload for it', () => {
    render(
      <UiProvider>
        <AreaMovedNotice />
      </UiProvider>,
    );
    expect(screen.queryByTestId('area-moved')).toBeNull();
    act(() => usePlatformStatus.setState({ moved: { sales: '1.1.0-8d41e0a7' } }));
    expect(screen.getByRole('status').textContent).toContain('A new version of Sales is ready —');
    expect(screen.getAllByTestId('area-moved')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(window.location.reload).toHaveBeenCalled();
  });
});
