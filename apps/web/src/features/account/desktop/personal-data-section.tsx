import type { PersonalDataEvent } from '@portal/contracts';
import { Alert, Button, Table } from 'antd';
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
      <p className="d-account__hint">{TEXT.exportLimit}</p>
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

const COLUMNS = [
  {
    key: 'when',
    title: '时间',
    render: (e: PersonalDataEvent) => describeEvent(e).when,
    width: 210,
  },
  { key: 'who', title: '谁', render: (e: PersonalDataEvent) => describeEvent(e).who, width: 200 },
  { key: 'what', title: '做了什么', render: (e: PersonalDataEvent) => describeEvent(e).what },
  { key: 'where', title: '来源地址', render: (e: PersonalDataEvent) => e.Address, width: 140 },
];

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
          <Table
            className="d-account__events"
            size="small"
            rowKey="EventId"
            columns={COLUMNS}
            dataSource={items}
            pagination={false}
          />
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
