/* The conversation behind the chat window (req §7 Chat): reopens the applicant's latest chat or starts one, sends
 * a message and adds the reply, hands the chat off to a person. One request at a time (`busy`); a failed start
 * offers a retry, a failed reply shows the server's reason. */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useHandOffChatMutation,
  useLazyGetChatQuery,
  useLazyListChatsQuery,
  useSendChatMessageMutation,
  useStartChatMutation,
} from './chatApi';

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

export default function useChatConversation() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage || i18n.language || 'ru';
  const [startChat] = useStartChatMutation();
  const [sendMessage] = useSendChatMessageMutation();
  const [handOff] = useHandOffChatMutation();
  const [listChats] = useLazyListChatsQuery();
  const [getChat] = useLazyGetChatQuery();
  const [chatId, setChatId] = useState(null);
  const [messages, setMessages] = useState([]);
  const [handedOff, setHandedOff] = useState(false);
  const [startFailed, setStartFailed] = useState(false);
  const [replyError, setReplyError] = useState('');
  const [busy, setBusy] = useState(false);

  /** Reopens the latest conversation, or starts one (always a new one with `fresh`). */
  const begin = useCallback(
    async ({ fresh = false } = {}) => {
      setStartFailed(false);
      setReplyError('');
      setBusy(true);
      try {
        const own = fresh ? null : await listChats().unwrap();
        if (own && own.list && own.list.length > 0) {
          const chat = await getChat(own.list[0].chatId).unwrap();
          setChatId(chat.chatId);
          setHandedOff(Boolean(chat.handed_off));
          setMessages(chat.messages.map(fromServer));
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
    [getChat, language, listChats, startChat],
  );

  /** Sends `message` (already trimmed and checked by the composer); `onFailed` gives the text back to it. */
  const send = async (message, onFailed) => {
    setReplyError('');
    setMessages((list) => [...list, { id: `u${Date.now()}`, role: 'user', content: message, sources: [], recommendations: [] }]);
    setBusy(true);
    try {
      const answer = await sendMessage({ chatId, message, language }).unwrap();
      setHandedOff(Boolean(answer.handed_off));
      setMessages((list) => [
        ...list,
        {
          id: `a${Date.now()}`,
          role: 'assistant',
          content: answer.reply,
          sources: answer.sources || [],
          recommendations: answer.recommendations || [],
        },
      ]);
    } catch (error) {
      setReplyError(replyErrorText(error, t));
      onFailed();
    } finally {
      setBusy(false);
    }
  };

  /** "Ask a person": staff take the conversation over; the assistant says so. */
  const askPerson = async () => {
    if (busy || !chatId) return;
    setReplyError('');
    setBusy(true);
    try {
      const answer = await handOff({ chatId, language }).unwrap();
      setHandedOff(true);
      setMessages((list) => [
        ...list,
        { id: `h${Date.now()}`, role: 'assistant', content: answer.reply, sources: [], recommendations: [] },
      ]);
    } catch (error) {
      setReplyError(replyErrorText(error, t));
    } finally {
      setBusy(false);
    }
  };

  return { chatId, messages, handedOff, startFailed, replyError, busy, begin, send, askPerson };
}
