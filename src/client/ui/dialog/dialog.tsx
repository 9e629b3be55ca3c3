import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import * as styles from './dialog.css';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  children: ReactNode;
}

/**
 * A modal dialog on Radix (focus trap, Escape, aria-modal, labelled by its title).
 * The backdrop is our own element instead of Radix's Overlay: Overlay locks scrolling by
 * injecting a <style> element, which the strict Content-Security-Policy blocks.
 */
export function Dialog({ open, onOpenChange, title, description, children }: DialogProps) {
  const { t } = useTranslation();
  // Radix returns focus only to its own Trigger; our dialogs open from any button, so we
  // remember what had focus and return there on close.
  const returnFocus = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <div className={styles.backdrop} aria-hidden="true" />
        <RadixDialog.Content
          className={styles.content}
          onOpenAutoFocus={() => {
            returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus.current?.focus();
          }}
        >
          <div className={styles.header}>
            <RadixDialog.Title>{title}</RadixDialog.Title>
            <RadixDialog.Close className={styles.close}>{t('common.close')}</RadixDialog.Close>
          </div>
          <RadixDialog.Description>{description}</RadixDialog.Description>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
