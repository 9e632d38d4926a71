import { Button, Toast } from 'antd-mobile';
import { useId } from 'react';
import { LoadFailed, LoadingSkeleton } from '../../../shared/ui/mobile/query-states';
import { useExportPersonalData, usePersonalDataEvents } from '../api/personal-data';
import { describeEvent, PERSONAL_DATA_TEXT as TEXT } from '../personal-data-texts';
import { BUSY_TEXT } from '../../../shared/ui/mobile/submit-button';

/** 下载我的个人信息: one button; the server's refusal is said by the HTTP layer (§8). */
export function PersonalDataExportCard() {
  const titleId = useId();
  const download = useExportPersonalData();
  const start = () =>
    download.mutate(undefined, {
      onSuccess: () => Toast.show({ icon: 'success', content: TEXT.exportDone }),
    });
  return (
    <section className="account-card" aria-labelledby={titleId}>
      <h2 className="account-card__title" id={titleId}>
        {TEXT.exportTitle}
      </h2>
      <p className="account-page__lead">{TEXT.exportLead}</p>
      <p className="field-hint account-export__limit">{TEXT.exportLimit}</p>
      <Button
        block
        color="primary"
        fill="outline"
        loading={download.isPending}
        loadingText={TEXT.exportBusy}
        disabled={download.isPending}
        onClick={start}
      >
        {TEXT.exportButton}
      </Button>
      {download.isError ? (
        <p className="field-error" role="alert">
          {TEXT.exportFailed}
        </p>
      ) : null}
    </section>
  );
}

/** 谁查看了我的信息: the owner's audit entries, newest first, ten at a time. */
export function PersonalDataEventsCard() {
  const titleId = useId();
  const events = usePersonalDataEvents();
  const items = events.data?.pages.flatMap((page) => page.Items) ?? [];
  return (
    <section className="account-card" aria-labelledby={titleId}>
      <h2 className="account-card__title" id={titleId}>
        {TEXT.eventsTitle}
      </h2>
      <p className="account-page__lead">{TEXT.eventsLead}</p>
      {events.isPending ? (
        <LoadingSkeleton rows={2} label={TEXT.eventsLoading} />
      ) : events.isError ? (
        <LoadFailed onRetry={() => void events.refetch()} />
      ) : items.length === 0 ? (
        <p className="account-events__empty">{TEXT.eventsEmpty}</p>
      ) : (
        <>
          <ol className="account-events">
            {items.map((event) => {
              const { who, what, when, where } = describeEvent(event);
              return (
                <li key={event.EventId} className="account-events__item">
                  <p className="account-events__what">
                    <strong>{who}</strong> {what}
                  </p>
                  <p className="account-events__meta">
                    {when} · {where}
                  </p>
                </li>
              );
            })}
          </ol>
          {events.hasNextPage ? (
            <Button
              block
              fill="none"
              color="primary"
              loading={events.isFetchingNextPage}
              loadingText={BUSY_TEXT}
              onClick={() => void events.fetchNextPage()}
            >
              {TEXT.eventsMore}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
