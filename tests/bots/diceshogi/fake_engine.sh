#!/bin/sh
# A USI "engine" that completes the handshake and then answers a move that is never offered,
# to test uci_adapter's fallback.
while read -r line; do
    case "$line" in
        usi) echo "id name fake"; echo "usiok" ;;
        isready) echo "readyok" ;;
        go*) echo "bestmove 9z9z" ;;
        quit) exit 0 ;;
    esac
done
