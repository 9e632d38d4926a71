import { Alert, Button } from 'antd';
import { useState } from 'react';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../shared/ui/desktop/query-states';
import { useExportPersonalData, usePersonalDataEvents } from '../api/personal-data';
import { describeEvent, PERSONAL_DATA_TEXT as TEXT } from '../personal-data-texts';

function ExportPart() {
  const download = useExportPersonalData();
  const [done, setDone] = useState(false);
  const start = () => {
    setDone(false);
    download.mutate(undefined, { onSuccess: () => setDone(true) });
  };
  return (
    <section aria-labelledby="account-export-title">
      <h2 className="d-page__title" id="account-export-title">
        {TEXT.exportTitle}
      </h2>
      <p className="d-account__lead">{TEXT.exportLead}</p>
      <p className="d-account__limit">{TEXT.exportLimit}</p>
      <Button type="primary" loading={download.isPending} onClick={start}>
        {download.isPending ? TEXT.exportBusy : TEXT.exportButton}
      </Button>
      <div aria-live="polite">
        {done ? (
          <Alert className="d-account__said" type="success" showIcon title={TEXT.exportDone} />
        ) : null}
        {download.isError ? (
          <Alert className="d-account__said" type="error" showIcon title={TEXT.exportFailed} />
        ) : null}
      </div>
    </section>
  );
}

function EventsPart() {
  const events = usePersonalDataEvents();
  const items = events.data?.pages.flatMap((page) => page.Items) ?? [];
  return (
    <section aria-labelledby="account-events-title">
      <h2 className="d-page__title d-account__section" id="account-events-title">
        {TEXT.eventsTitle}
      </h2>
      <p className="d-account__lead">{TEXT.eventsLead}</p>
      {events.isPending ? (
        <LoadingBlock rows={3} label={TEXT.eventsLoading} />
      ) : events.isError ? (
        <LoadFailed onRetry={() => void events.refetch()} />
      ) : items.length === 0 ? (
        <EmptyBlock title={TEXT.eventsEmpty} />
      ) : (
        <>
          <table className="d-account__events">
            <thead>
              <tr>
                <th scope="col">时间</th>
                <th scope="col">谁</th>
                <th scope="col">做了什么</th>
                <th scope="col">来源地址</th>
              </tr>
            </thead>
            <tbody>
              {items.map((event) => {
                const { who, what, when } = describeEvent(event);
                return (
                  <tr key={event.EventId}>
                    <td>{when}</td>
                    <td>{who}</td>
                    <td>{what}</td>
                    <td>{event.Address}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {events.hasNextPage ? (
            <Button
              className="d-account__more"
              loading={events.isFetchingNextPage}
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

/** The person's rights on a PC: a copy of their data, and who touched it. */
export function PersonalDataSection() {
  return (
    <>
      <ExportPart />
      <EventsPart />
    </>
  );
}
