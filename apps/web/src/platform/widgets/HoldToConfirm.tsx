import { Button, type ButtonProps, Progress, Tooltip } from '@mantine/core';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HOLD_DURATION_MS, HoldTimer } from './hold';

export interface HoldToConfirmProps extends Omit<ButtonProps, 'children'> {
  children: ReactNode;
  onConfirm: () => void;
  duration?: number;
}

/**
 * A destructive action runs only after the button is held down (pointer, or Space/Enter on the
 * keyboard) for the whole duration; releasing early cancels it.
 */
export function HoldToConfirm({
  children,
  onConfirm,
  duration = HOLD_DURATION_MS,
  ...props
}: HoldToConfirmProps) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState(0);
  const confirm = useRef(onConfirm);
  confirm.current = onConfirm;
  const timer = useRef<HoldTimer | null>(null);
  timer.current ??= new HoldTimer(
    {
      setTimeout: (fn, ms) => window.setTimeout(fn, ms),
      clearTimeout: (h) => window.clearTimeout(h as number),
    },
    { onProgress: setProgress, onConfirm: () => confirm.current() },
    duration,
  );
  useEffect(() => () => timer.current?.release(), []);

  const start = () => timer.current?.start();
  const release = () => timer.current?.release();
  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.key === ' ' || event.key === 'Enter') && !event.repeat) {
      event.preventDefault();
      start();
    }
  };
  const onKeyUp = (event: KeyboardEvent) => {
    if (event.key === ' ' || event.key === 'Enter') release();
  };

  return (
    <Tooltip label={t('common:holdToConfirm')} withArrow>
      <Button
        // red.9 keeps white text above 4.5:1 contrast
        color="red.9"
        {...props}
        pos="relative"
        style={{ overflow: 'hidden' }}
        onPointerDown={start}
        onPointerUp={release}
        onPointerLeave={release}
        onPointerCancel={release}
        onKeyDown={onKeyDown}
        onKeyUp={onKeyUp}
        onBlur={release}
        data-progress={progress}
      >
        {children}
        <Progress
          value={progress}
          size={3}
          color="white"
          pos="absolute"
          bottom={0}
          left={0}
          right={0}
          radius={0}
          aria-hidden
          transitionDuration={200}
        />
      </Button>
    </Tooltip>
  );
}
