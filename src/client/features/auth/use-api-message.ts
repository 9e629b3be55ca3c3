export { useApiMessage } from '../../api/use-api-message';
