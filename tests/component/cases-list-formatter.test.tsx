// The first date formatter costs the browser its locale and zone data: a list makes it while its cases are on
// their way, in a task of its own, so that the cards' render does not pay for it.
import { render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CaseListResult } from '../../src/features/cases/api/use-case-list.ts';
import { CaseList } from '../../src/features/cases/components/case-list.tsx';
import { theme } from '../../src/components/theme.ts';

const pendingList: CaseListResult = {
  cases: [],
  isPending: true,
  error: null,
  retry: () => undefined,
  retrying: false,
  hasNextPage: false,
  isFetchingNextPage: false,
  loadMore: () => undefined,
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a case list on its way', () => {
  it("makes the hospital zone's date formatter while it shows its loading state", async () => {
    // A zone no other test formats in, so the formatter is not already made.
    const timeZone = 'Pacific/Chatham';
    const made = vi.spyOn(Intl, 'DateTimeFormat');

    render(
      <MantineProvider theme={theme} env="test">
        <CaseList
          list={pendingList}
          hrefFor={(id) => `/cases/${id}`}
          timeZone={timeZone}
          label="Cases"
          emptyMessage="None"
        />
      </MantineProvider>,
    );

    expect(screen.getByText('Loading cases…')).toBeInTheDocument();
    await waitFor(() => {
      expect(made).toHaveBeenCalledWith('en-GB', expect.objectContaining({ timeZone }));
    });
  });
});
