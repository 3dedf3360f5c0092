#ifndef FEEDBACKFLOW_CCURL_SHIM_H
#define FEEDBACKFLOW_CCURL_SHIM_H
// libcurl's easy interface for FeedbackFlowHTTP on Linux. curl_easy_setopt and
// curl_easy_getinfo are variadic, which Swift cannot call: each wrapper below passes one
// argument of one type, so the Swift side says which type an option takes.
#include <curl/curl.h>

/// A callback receiving bytes: CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION.
typedef size_t (*ff_curl_data_callback)(char *buffer, size_t size, size_t count, void *context);
/// CURLOPT_XFERINFOFUNCTION: nonzero aborts the transfer (CURLE_ABORTED_BY_CALLBACK).
typedef int (*ff_curl_progress_callback)(void *context, curl_off_t download_total, curl_off_t downloaded,
                                         curl_off_t upload_total, curl_off_t uploaded);

static inline CURLcode ff_curl_setopt_long(CURL *curl, CURLoption option, long value) {
    return curl_easy_setopt(curl, option, value);
}

static inline CURLcode ff_curl_setopt_off_t(CURL *curl, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(curl, option, value);
}

/// A string option: libcurl copies the text (except CURLOPT_POSTFIELDS, not used).
static inline CURLcode ff_curl_setopt_string(CURL *curl, CURLoption option, const char *value) {
    return curl_easy_setopt(curl, option, value);
}

/// A pointer option: a callback's context or a `struct curl_slist *` (both kept alive by
/// the caller until the transfer ends), or the bytes of CURLOPT_COPYPOSTFIELDS (copied).
static inline CURLcode ff_curl_setopt_pointer(CURL *curl, CURLoption option, void *value) {
    return curl_easy_setopt(curl, option, value);
}

static inline CURLcode ff_curl_setopt_data_callback(CURL *curl, CURLoption option, ff_curl_data_callback value) {
    return curl_easy_setopt(curl, option, value);
}

static inline CURLcode ff_curl_setopt_progress_callback(CURL *curl, ff_curl_progress_callback value) {
    return curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, value);
}

/// Only http and https, on every libcurl: CURLOPT_PROTOCOLS_STR from 7.85, the bit mask
/// (deprecated since) before.
static inline CURLcode ff_curl_allow_only_http(CURL *curl) {
#if LIBCURL_VERSION_NUM >= 0x075500
    return curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
#else
    return curl_easy_setopt(curl, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
}

static inline CURLcode ff_curl_getinfo_long(CURL *curl, CURLINFO info, long *value) {
    return curl_easy_getinfo(curl, info, value);
}

#endif
