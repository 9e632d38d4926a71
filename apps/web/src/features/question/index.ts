export { useMyQuestions } from './api/get-project-user-ask';
export { QaCard } from './components/qa-card';
export { QUESTION_RULE_TEXT } from './question-rules';
export { useQuestionSend } from './use-question-send';
