import { useAtomValue, useSetAtom } from 'jotai';
import { dismissToastAtom, toastsAtom } from '../state/process';
import { ToastList } from '../ui/toast/toast-list';

export function ToastRegion() {
  const toasts = useAtomValue(toastsAtom);
  const dismiss = useSetAtom(dismissToastAtom);
  return <ToastList toasts={toasts} onDismiss={dismiss} />;
}
