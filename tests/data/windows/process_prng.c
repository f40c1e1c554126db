/* Test-only stand-in for bcryptprimitives.dll, which Debian's wine 8 lacks: Rust's standard
   library calls its ProcessPrng at start-up (for HashMap keys), and the program cannot start
   without it. This forwards to RtlGenRandom (advapi32's SystemFunction036), which wine has.
   Built with mingw-w64 by tests/reach/windows.rs and put beside c7010.exe; never shipped. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk)) {
            return FALSE;
        }
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
