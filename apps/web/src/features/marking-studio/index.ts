export { MarkingStudio, progressText, STUDIO_TEXTS } from './components/marking-studio';
