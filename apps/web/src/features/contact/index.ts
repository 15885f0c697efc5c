export { ContactCards } from './components/contact-cards';
