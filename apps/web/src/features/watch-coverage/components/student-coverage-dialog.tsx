import { Badge, Button, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { formatDuration, LEGACY_NOTE } from '@valence/contract';
import { useState } from 'react';
import { ChemText } from '../../../components/chem-text';
import { QueryView } from '../../../components/query-view';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { useStudentCoverage } from '../api/get-student-coverage';

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** 'Watch coverage' for one student: a button opening their coverage of each lecture of each course. */
export function StudentCoverageButton({ studentId, username }: { studentId: number; username: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="compact-sm" variant="light" onClick={() => setOpen(true)}>
        Watch coverage
      </Button>
      {open && <StudentCoverageDialog studentId={studentId} username={username} onClose={() => setOpen(false)} />}
    </>
  );
}

function StudentCoverageDialog({
  studentId,
  username,
  onClose,
}: {
  studentId: number;
  username: string;
  onClose: () => void;
}) {
  const coverage = useStudentCoverage(studentId);
  return (
    <ResponsiveModal opened onClose={onClose} title={`Watch coverage: ${username}`} size="lg">
      <QueryView
        query={coverage}
        loadingLabel="Loading watch coverage"
        errorText="Failed to load watch coverage."
        isEmpty={(data) => data.courses.length === 0}
        emptyText="Not enrolled in any course."
      >
        {(data) => (
          <Stack>
            {data.courses.map((course) => (
              <Stack key={course.courseId} gap={4} component="section" aria-label={course.title}>
                <Title order={5}>
                  <ChemText text={course.title} />
                </Title>
                {course.lectures.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    No lectures with a length yet.
                  </Text>
                ) : (
                  <Table aria-label={`Coverage in ${course.title}`}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Lecture</Table.Th>
                        <Table.Th>Length</Table.Th>
                        <Table.Th>Coverage</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {course.lectures.map((lecture) => (
                        <Table.Tr key={lecture.lectureId}>
                          <Table.Td>
                            <ChemText text={lecture.title} />
                          </Table.Td>
                          <Table.Td>{formatDuration(lecture.length)}</Table.Td>
                          <Table.Td>
                            <Group gap={6} wrap="nowrap">
                              <Progress value={lecture.coverage * 100} w={80} aria-hidden />
                              <Text size="sm">{lecture.opened ? percent(lecture.coverage) : 'Not watched'}</Text>
                              {lecture.legacy && (
                                <Badge size="xs" variant="light" color="gray">
                                  by duration
                                </Badge>
                              )}
                            </Group>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
              </Stack>
            ))}
            <Text size="xs" c="dimmed">
              Coverage is the share of the lecture's length the student has played, each second counted once.{' '}
              {LEGACY_NOTE}
            </Text>
          </Stack>
        )}
      </QueryView>
    </ResponsiveModal>
  );
}
