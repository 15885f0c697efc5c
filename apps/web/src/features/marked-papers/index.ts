export { getScriptsLink, useScriptsLink } from './api/get-scripts-link';
export {
  checkMarkedPapers,
  type ReturnVariables,
  refusedReport,
  returnMarkedPapers,
  useCheckMarkedPapers,
  useReturnMarkedPapers,
} from './api/return-marked-papers';
export { DownloadScriptsButton } from './components/download-scripts-button';
export { MarkedPaperActions } from './components/marked-paper-actions';
export { ReturnMarkedPapersDialog } from './components/return-marked-papers-dialog';
export { MARKED_PAPER_TEXTS } from './messages';
