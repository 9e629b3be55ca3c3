export { useApiMessage, useFieldErrors, useSentMessage } from '../../api/use-api-message';
