/* The conversation behind the chat window (req §7 Chat; issue 23): reopens the applicant's latest chat or starts
 * one, sends a message and adds the reply, hands the chat to a person with the applicant's own question and comes
 * back to the assistant. While staff have the conversation the assistant is silent (the server answers reply null)
 * and the thread is fetched again every STAFF_POLL_MS, so a staff answer shows up in the open window. One request at
 * a time (`busy`); a failed start offers a retry, a failed reply shows the server's reason. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useHandOffChatMutation,
  useLazyGetChatQuery,
  useLazyListChatsQuery,
  useReturnToAssistantMutation,
  useSendChatMessageMutation,
  useStartChatMutation,
} from './chatApi';

export const STAFF_POLL_MS = 15000;

/** A 400 or 429 carries the server's localized reason; anything else shows the §8 text. */
function replyErrorText(error, t) {
  const data = error && error.data;
  if (error && (error.status === 400 || error.status === 429) && data && typeof data.message === 'string') {
    return data.message;
  }
  return t('chat.reply_error');
}

function fromServer(message) {
  return {
    id: `s${message.id}`,
    role: message.role,
    content: message.content,
    sources: message.sources || [],
    recommendations: message.recommendations || [],
  };
}

function local(prefix, role, content, extra = {}) {
  return { id: `${prefix}${Date.now()}`, role, content, sources: [], recommendations: [], ...extra };
}

export default function useChatConversation() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage || i18n.language || 'ru';
  const [startChat] = useStartChatMutation();
  const [sendMessage] = useSendChatMessageMutation();
  const [handOff] = useHandOffChatMutation();
  const [returnToAssistant] = useReturnToAssistantMutation();
  const [listChats] = useLazyListChatsQuery();
  const [getChat] = useLazyGetChatQuery();
  const [chatId, setChatId] = useState(null);
  const [messages, setMessages] = useState([]);
  const [handedOff, setHandedOff] = useState(false);
  const [startFailed, setStartFailed] = useState(false);
  const [replyError, setReplyError] = useState('');
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  busyRef.current = busy;

  /** Shows the stored thread; `unlessBusy`: a poll that a send overtook is dropped (it would hide the message). */
  const load = useCallback(
    async (id, { unlessBusy = false } = {}) => {
      const chat = await getChat(id).unwrap();
      if (unlessBusy && busyRef.current) return;
      setChatId(chat.chatId);
      setHandedOff(Boolean(chat.handed_off));
      setMessages(chat.messages.map(fromServer));
    },
    [getChat],
  );

  /** Reopens the latest conversation, or starts one (always a new one with `fresh`). */
  const begin = useCallback(
    async ({ fresh = false } = {}) => {
      setStartFailed(false);
      setReplyError('');
      setBusy(true);
      try {
        const own = fresh ? null : await listChats().unwrap();
        if (own && own.list && own.list.length > 0) {
          await load(own.list[0].chatId);
        } else {
          const started = await startChat({ language }).unwrap();
          setChatId(started.chatId);
          setHandedOff(false);
          setMessages([{ id: 'welcome', role: 'assistant', content: started.welcome, sources: [], recommendations: [] }]);
        }
      } catch {
        setStartFailed(true);
      } finally {
        setBusy(false);
      }
    },
    [language, listChats, load, startChat],
  );

  // Staff answers arrive in the same thread: refetch it while a person has the conversation (never mid-request).
  useEffect(() => {
    if (!handedOff || !chatId) return undefined;
    const timer = setInterval(() => {
      if (!busyRef.current) load(chatId, { unlessBusy: true }).catch(() => {});
    }, STAFF_POLL_MS);
    return () => clearInterval(timer);
  }, [chatId, handedOff, load]);

  /** Sends `message` (already trimmed and checked by the composer); `onFailed` gives the text back to it. */
  const send = async (message, onFailed) => {
    setReplyError('');
    setMessages((list) => [...list, local('u', 'user', message)]);
    setBusy(true);
    try {
      const answer = await sendMessage({ chatId, message, language }).unwrap();
      setHandedOff(Boolean(answer.handed_off));
      if (answer.reply) {
        // No reply while staff have the conversation: the assistant stays silent.
        setMessages((list) => [
          ...list,
          local('a', 'assistant', answer.reply, { sources: answer.sources || [], recommendations: answer.recommendations || [] }),
        ]);
      }
    } catch (error) {
      setReplyError(replyErrorText(error, t));
      onFailed();
    } finally {
      setBusy(false);
    }
  };

  /** "Ask a person" with the applicant's own question; `onFailed` gives the text back to the composer. */
  const askPerson = async (question, onFailed) => {
    if (!chatId) return false;
    setReplyError('');
    setMessages((list) => [...list, local('u', 'user', question)]);
    setBusy(true);
    try {
      const answer = await handOff({ chatId, question, language }).unwrap();
      setHandedOff(true);
      setMessages((list) => [...list, local('h', 'assistant', answer.reply)]);
      return true;
    } catch (error) {
      setMessages((list) => list.slice(0, -1));
      setReplyError(replyErrorText(error, t));
      onFailed();
      return false;
    } finally {
      setBusy(false);
    }
  };

  /** "Back to the assistant": the hand-off ends for new questions. */
  const backToAssistant = async () => {
    if (busy || !chatId) return;
    setReplyError('');
    setBusy(true);
    try {
      const answer = await returnToAssistant({ chatId, language }).unwrap();
      setHandedOff(false);
      if (answer.reply) setMessages((list) => [...list, local('r', 'assistant', answer.reply)]);
    } catch (error) {
      setReplyError(replyErrorText(error, t));
    } finally {
      setBusy(false);
    }
  };

  return { chatId, messages, handedOff, startFailed, replyError, busy, begin, send, askPerson, backToAssistant };
}
