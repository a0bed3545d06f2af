package programa

import (
	"fmt"
	"io"
	"os"

	"github.com/juegodepalabras/palabras/limite"
)

// LeerAcotado lee el archivo de ruta entero si no pasa de max bytes. Si
// pasa, no lo lee entero (a lo sumo max+1 bytes, aunque el archivo no
// termine, como /dev/zero): devuelve un error que envuelve a limite.Err,
// con un *limite.Error que nombra el límite (que). Así un programa nunca
// lee sin cota un archivo que le dan.
func LeerAcotado(ruta string, max int64, que string) ([]byte, error) {
	f, err := os.Open(ruta)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > max {
		return nil, fmt.Errorf("%s: más de %d bytes: %w", ruta, max, &limite.Error{Limite: que, Valor: max})
	}
	return b, nil
}
