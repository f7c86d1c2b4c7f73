//! Waking a queue's worker when a job is enqueued, without losing a wake-up.
//!
//! apalis-postgres's listener (`Pubsub`) turns each `NOTIFY` of a new job into one wake-up
//! of the worker, which then fetches. A wake-up can be used up without its job being
//! fetched (one that comes while a fetch is in flight is spent on that fetch, which may
//! have read the table before the job committed); the worker parks, and the job waits for
//! the next notification or poll (`JOBS_HEARTBEAT_MS`: 3 s by default). Under steady
//! traffic the next notification rescues it at once; the last jobs of a burst waited: in
//! the fulfilment bench, the last e-mails of a run came up to a poll later than their
//! tickets in about one run in three.
//! [`WakeUps`] repeats each wake-up twice, [`ECHOES`] apart, once the notifications pause: a
//! fetch takes milliseconds, so an echo finds the worker idle and its fetch sees the job.
//! Each echo costs one fetch, and only after a pause in the notifications.

use futures::Stream;
use std::{
    future::Future,
    pin::Pin,
    task::{Context, Poll},
    time::Duration,
};
use tokio::time::Sleep;

/// When the echoes of a wake-up come: each counted from the one before it.
pub const ECHOES: [Duration; 2] = [Duration::from_millis(50), Duration::from_millis(450)];

/// A stream of wake-ups: every item of `inner`, and after the last of a burst, its echoes.
pub struct WakeUps<S> {
    inner: S,
    /// The next echo, and its index in [`ECHOES`].
    echo: Option<(Pin<Box<Sleep>>, usize)>,
    echoes: [Duration; 2],
}

impl<S> WakeUps<S> {
    pub fn new(inner: S) -> Self {
        Self::with_echoes(inner, ECHOES)
    }

    /// With other echo delays (tests).
    pub fn with_echoes(inner: S, echoes: [Duration; 2]) -> Self {
        WakeUps {
            inner,
            echo: None,
            echoes,
        }
    }

    /// Arms echo `index` and registers the task to be woken when it is due.
    fn arm(&mut self, index: usize, cx: &mut Context<'_>) {
        self.echo = self.echoes.get(index).map(|delay| {
            let mut sleep = Box::pin(tokio::time::sleep(*delay));
            // Registers the waker: pending, as the sleep has only begun.
            let _ = sleep.as_mut().poll(cx);
            (sleep, index)
        });
    }
}

/// A copy for a restarted worker: its own listener, no echo pending.
impl<S: Clone> Clone for WakeUps<S> {
    fn clone(&self) -> Self {
        Self::with_echoes(self.inner.clone(), self.echoes)
    }
}

impl<S: Stream + Unpin> Stream for WakeUps<S> {
    type Item = ();

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<()>> {
        let this = self.get_mut();
        match Pin::new(&mut this.inner).poll_next(cx) {
            Poll::Ready(Some(_)) => {
                // A new notification: the echoes start again from it.
                this.arm(0, cx);
                return Poll::Ready(Some(()));
            }
            // The listener is gone: the worker's polls alone remain.
            Poll::Ready(None) => return Poll::Ready(None),
            Poll::Pending => {}
        }
        if let Some((sleep, index)) = this.echo.as_mut()
            && sleep.as_mut().poll(cx).is_ready()
        {
            let next = *index + 1;
            this.arm(next, cx);
            return Poll::Ready(Some(()));
        }
        Poll::Pending
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures::StreamExt;
    use tokio::sync::mpsc;

    /// The notifications: a channel as a stream.
    struct Receiver(mpsc::UnboundedReceiver<u32>);

    impl Stream for Receiver {
        type Item = u32;
        fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<u32>> {
            self.0.poll_recv(cx)
        }
    }

    const MS: Duration = Duration::from_millis(1);

    async fn next_within(s: &mut WakeUps<Receiver>, within: Duration) -> Option<Option<()>> {
        tokio::time::timeout(within, s.next()).await.ok()
    }

    #[tokio::test(start_paused = true)]
    async fn each_notification_wakes_and_the_last_of_a_burst_is_echoed_twice() {
        let (tx, rx) = mpsc::unbounded_channel();
        let mut wake = WakeUps::with_echoes(Receiver(rx), [50 * MS, 450 * MS]);
        // Nothing yet.
        assert_eq!(next_within(&mut wake, 10 * MS).await, None);
        // A burst of three: three wake-ups at once.
        for n in 0..3 {
            tx.send(n).unwrap();
        }
        for _ in 0..3 {
            assert_eq!(next_within(&mut wake, MS).await, Some(Some(())));
        }
        // The first echo 50 ms after the last notification, not before.
        assert_eq!(next_within(&mut wake, 45 * MS).await, None);
        assert_eq!(next_within(&mut wake, 10 * MS).await, Some(Some(())));
        // The second 450 ms after the first.
        assert_eq!(next_within(&mut wake, 440 * MS).await, None);
        assert_eq!(next_within(&mut wake, 20 * MS).await, Some(Some(())));
        // Then quiet.
        assert_eq!(next_within(&mut wake, 10_000 * MS).await, None);
    }

    #[tokio::test(start_paused = true)]
    async fn a_notification_during_the_echoes_starts_them_again() {
        let (tx, rx) = mpsc::unbounded_channel();
        let mut wake = WakeUps::with_echoes(Receiver(rx), [50 * MS, 450 * MS]);
        tx.send(1).unwrap();
        assert_eq!(next_within(&mut wake, MS).await, Some(Some(())));
        assert_eq!(next_within(&mut wake, 30 * MS).await, None);
        tx.send(2).unwrap();
        assert_eq!(next_within(&mut wake, MS).await, Some(Some(())));
        // 50 ms from the second notification, not from the first.
        assert_eq!(next_within(&mut wake, 45 * MS).await, None);
        assert_eq!(next_within(&mut wake, 10 * MS).await, Some(Some(())));
    }

    #[tokio::test(start_paused = true)]
    async fn ends_when_the_listener_ends() {
        let (tx, rx) = mpsc::unbounded_channel::<u32>();
        let mut wake = WakeUps::new(Receiver(rx));
        drop(tx);
        assert_eq!(next_within(&mut wake, MS).await, Some(None));
    }
}
