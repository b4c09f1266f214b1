/* Room type pictures (req §7 admin upload-room-type-media): list, upload (multipart, images only), delete.
 * The bytes are downloaded through the authorised endpoint with the Bearer token (see useAuthorizedObjectUrl). */
import { baseApi } from '../../api/baseApi';

export const roomTypeMediaApi = baseApi.enhanceEndpoints({ addTagTypes: ['RoomTypeMedia', 'RoomType'] }).injectEndpoints({
  endpoints: (build) => ({
    listRoomTypeMedia: build.query({
      query: (roomTypeId) => ({ url: '/admin/room-type-media', params: { room_type_id: roomTypeId } }),
      transformResponse: (data) => (data && Array.isArray(data.list) ? data.list : []),
      providesTags: (_result, _error, roomTypeId) => [{ type: 'RoomTypeMedia', id: roomTypeId }],
    }),
    uploadRoomTypeMedia: build.mutation({
      query: ({ roomTypeId, file }) => {
        const body = new FormData();
        body.append('room_type_id', String(roomTypeId));
        body.append('file', file, file.name);
        return { url: '/admin/upload-room-type-media', method: 'POST', body };
      },
      invalidatesTags: (_result, _error, { roomTypeId }) => [
        { type: 'RoomTypeMedia', id: roomTypeId },
        { type: 'RoomType', id: roomTypeId },
      ],
    }),
    deleteRoomTypeMedia: build.mutation({
      query: ({ id }) => ({ url: '/admin/delete-room-type-media', method: 'POST', body: { id } }),
      invalidatesTags: (_result, _error, { roomTypeId }) => [
        { type: 'RoomTypeMedia', id: roomTypeId },
        { type: 'RoomType', id: roomTypeId },
      ],
    }),
  }),
});

export const { useListRoomTypeMediaQuery, useUploadRoomTypeMediaMutation, useDeleteRoomTypeMediaMutation } =
  roomTypeMediaApi;
