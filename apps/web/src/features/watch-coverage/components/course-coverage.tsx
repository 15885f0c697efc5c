import { Button, List, Stack, Text } from '@mantine/core';
import { LEGACY_NOTE, type LectureCoverage } from '@valence/contract';
import { useState } from 'react';
import { ChemText } from '../../../components/chem-text';
import { DataTable } from '../../../components/data-table';
import { Panel } from '../../../components/panel';
import { QueryView } from '../../../components/query-view';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { useCourseCoverage } from '../api/get-course-coverage';
import { DropOffSparkline } from './drop-off-sparkline';

export const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)}%`);

/** The course page's watch coverage: per lecture, who opened it, how much they watched, where they stopped, who has not. */
export function CourseCoverage({ courseId }: { courseId: number }) {
  const coverage = useCourseCoverage(courseId);
  const [notWatched, setNotWatched] = useState<LectureCoverage | null>(null);
  return (
    <Panel title="Watch coverage">
      <QueryView
        query={coverage}
        loadingLabel="Loading watch coverage"
        errorText="Failed to load watch coverage."
        isEmpty={(data) => data.lectures.length === 0}
        emptyText="No lectures with a length yet."
      >
        {(data) => (
          <Stack gap="xs">
            <DataTable
              label="Watch coverage by lecture"
              rows={data.lectures}
              rowKey={(lecture) => lecture.lectureId}
              columns={[
                { header: 'Lecture', cell: (lecture) => <ChemText text={lecture.title} /> },
                { header: 'Opened', cell: (lecture) => `${lecture.opened} of ${data.enrolled}` },
                { header: 'Average coverage', cell: (lecture) => percent(lecture.averageCoverage) },
                { header: 'Drop-off', cell: (lecture) => <DropOffSparkline points={lecture.dropOff} /> },
                {
                  header: 'Not watched',
                  cell: (lecture) =>
                    lecture.notWatched.total === 0 ? (
                      '0'
                    ) : (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        onClick={() => setNotWatched(lecture)}
                        aria-label={`Not watched: ${lecture.title}`}
                      >
                        {lecture.notWatched.total}
                      </Button>
                    ),
                },
              ]}
            />
            <Text size="xs" c="dimmed">
              Coverage is the share of a lecture's length a student has played, each second counted once, averaged over
              the enrolled students who opened it. {LEGACY_NOTE}
            </Text>
          </Stack>
        )}
      </QueryView>
      {notWatched && <NotWatchedDialog lecture={notWatched} onClose={() => setNotWatched(null)} />}
    </Panel>
  );
}

function NotWatchedDialog({ lecture, onClose }: { lecture: LectureCoverage; onClose: () => void }) {
  const { items, total } = lecture.notWatched;
  return (
    <ResponsiveModal opened onClose={onClose} title={`Not watched: ${lecture.title}`}>
      <Stack gap="xs">
        <Text size="sm">
          {total} enrolled {total === 1 ? 'student has' : 'students have'} no watch record of this lecture
          {items.length < total ? ` (the first ${items.length} by username)` : ''}.
        </Text>
        <List aria-label="Not watched">
          {items.map((student) => (
            <List.Item key={student.id}>
              {student.username}
              {student.name ? ` (${student.name})` : ''}
            </List.Item>
          ))}
        </List>
      </Stack>
    </ResponsiveModal>
  );
}
