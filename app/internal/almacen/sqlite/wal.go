package sqlite

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
)

// La verificación del WAL antes de abrir (issue 32).
//
// SQLite repite el WAL (ruta + "-wal") marco a marco al abrir y se detiene
// en silencio en el primero cuya suma no valida: lo de después lo da por
// una cola vieja o a medio escribir. Un bit dado vuelta en un marco del
// medio hace entonces que el almacén abra un estado anterior, coherente
// (integrity_check da ok y los sellos de las partidas cuadran), sin los
// movimientos confirmados después de ese marco. Por eso, antes de que
// SQLite lea el archivo, validarWAL repite la cuenta de SQLite (formato en
// https://sqlite.org/fileformat2.html#walformat) y declara dañado el WAL
// (almacen.ErrDanado, sin tocar nada) si SQLite perdería algo confirmado:
//
//   - la cabecera del WAL no valida (magia, versión, tamaño de página o
//     suma) y hay marcos detrás: SQLite ignoraría el WAL entero;
//   - el primer marco que no valida está seguido por algún marco con la sal
//     vigente cuya suma sí valida a partir de la suma guardada en el marco
//     anterior: la cadena sigue, así que no es una cola vieja (esa tiene
//     otra sal) ni una escritura cortada (que es lo último del archivo);
//   - el índice del WAL (ruta + "-shm"), si existe, es válido y tiene la
//     misma sal, dice que se confirmaron más marcos que los que SQLite
//     recuperaría: es el caso de un daño en el último marco, que no tiene
//     nada detrás.
//
// No cuesta nada por movimiento: solo una lectura del WAL al abrir.

// Constantes del formato del WAL y de su índice.
const (
	magiaWAL       = 0x377f0682 // sumas en little-endian; | 1, big-endian
	versionWAL     = 3007000
	cabeceraWAL    = 32
	cabeceraMarco  = 24
	cabeceraIndice = 48 // una copia de WalIndexHdr en el -shm (hay dos)
)

// sumaWAL sigue la suma de SQLite (walChecksumBytes) sobre b, de a pares de
// palabras de 32 bits en el orden orden, desde s.
func sumaWAL(orden binary.ByteOrder, b []byte, s [2]uint32) [2]uint32 {
	for i := 0; i+8 <= len(b); i += 8 {
		s[0] += orden.Uint32(b[i:]) + s[1]
		s[1] += orden.Uint32(b[i+4:]) + s[0]
	}
	return s
}

// examenWAL es lo que se sabe del WAL después de recorrerlo como SQLite.
type examenWAL struct {
	sal        []byte // la de la cabecera (8 bytes), si la cabecera valida
	recuperado int    // marcos que SQLite usaría (hasta la última confirmación válida)
	problema   string // por qué SQLite perdería algo confirmado ("" si nada)
}

// examinarWAL recorre el contenido de un WAL como lo haría la recuperación
// de SQLite y busca marcos vigentes más allá del primero que no valida.
func examinarWAL(wal []byte) examenWAL {
	var ex examenWAL
	if len(wal) < cabeceraWAL {
		return ex // sin cabecera entera no hay marcos: nada que perder
	}
	be := binary.BigEndian
	magia, pagina := be.Uint32(wal), int(be.Uint32(wal[8:]))
	var orden binary.ByteOrder = binary.LittleEndian
	if magia&1 == 1 {
		orden = binary.BigEndian
	}
	s := sumaWAL(orden, wal[:24], [2]uint32{})
	if magia&^1 != magiaWAL || be.Uint32(wal[4:]) != versionWAL || pagina < 512 || pagina > 65536 || pagina&(pagina-1) != 0 ||
		s != [2]uint32{be.Uint32(wal[24:]), be.Uint32(wal[28:])} {
		if len(wal) >= cabeceraWAL+cabeceraMarco {
			ex.problema = fmt.Sprintf("la cabecera del WAL no valida y le siguen %d bytes de marcos (SQLite ignoraría el WAL entero)", len(wal)-cabeceraWAL)
		}
		return ex
	}
	ex.sal = wal[16:24]
	tam := cabeceraMarco + pagina
	n := (len(wal) - cabeceraWAL) / tam
	marco := func(i int) []byte { return wal[cabeceraWAL+i*tam : cabeceraWAL+(i+1)*tam] }
	guardada := func(m []byte) [2]uint32 { return [2]uint32{be.Uint32(m[16:]), be.Uint32(m[20:])} }
	// valida informa si el marco m tiene la sal vigente y su suma, seguida
	// desde previa, es la que guarda.
	valida := func(m []byte, previa [2]uint32) bool {
		if be.Uint32(m) == 0 || !bytes.Equal(m[8:16], ex.sal) {
			return false
		}
		return sumaWAL(orden, m[cabeceraMarco:], sumaWAL(orden, m[:8], previa)) == guardada(m)
	}
	malo := -1
	for i := range n {
		m := marco(i)
		if !valida(m, s) {
			malo = i
			break
		}
		s = guardada(m)
		if be.Uint32(m[4:]) != 0 { // confirma una transacción
			ex.recuperado = i + 1
		}
	}
	if malo < 0 {
		return ex
	}
	for j := malo + 1; j < n; j++ {
		if valida(marco(j), guardada(marco(j-1))) {
			ex.problema = fmt.Sprintf("el marco %d del WAL no valida pero la cadena de sumas sigue en el marco %d (de %d): SQLite descartaría transacciones confirmadas",
				malo+1, j+1, n)
			return ex
		}
	}
	return ex
}

// confirmadosSegunIndice devuelve cuántos marcos confirmados dice el índice
// del WAL (el -shm) y su sal, si el índice es válido (sus dos copias de la
// cabecera iguales, inicializadas y con su suma); si no, ok es falso.
func confirmadosSegunIndice(shm []byte) (mx int, sal []byte, ok bool) {
	if len(shm) < 2*cabeceraIndice {
		return 0, nil, false
	}
	h := shm[:cabeceraIndice]
	if !bytes.Equal(h, shm[cabeceraIndice:2*cabeceraIndice]) || h[12] != 1 {
		return 0, nil, false
	}
	ne := binary.NativeEndian
	if sumaWAL(ne, h[:40], [2]uint32{}) != [2]uint32{ne.Uint32(h[40:]), ne.Uint32(h[44:])} {
		return 0, nil, false
	}
	return int(ne.Uint32(h[16:])), h[32:40], true
}

// validarWAL examina el WAL de ruta (y su índice) antes de que SQLite lo
// lea, y devuelve un error que envuelve a almacen.ErrDanado si abrirlo
// perdería transacciones confirmadas (ver arriba). Si otro proceso está
// escribiendo el mismo archivo, lo que lee puede ser de dos momentos: por
// eso un problema se confirma con una segunda lectura.
func validarWAL(ruta string) error {
	problema := ""
	for intento := range 2 {
		if intento > 0 {
			time.Sleep(50 * time.Millisecond)
		}
		shm, _ := os.ReadFile(ruta + "-shm") // primero el índice: el WAL no puede quedar más corto que lo que dice
		wal, err := os.ReadFile(ruta + "-wal")
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("almacen/sqlite: leyendo el WAL: %w", err)
		}
		ex := examinarWAL(wal)
		if ex.problema == "" && ex.sal != nil {
			if mx, sal, ok := confirmadosSegunIndice(shm); ok && bytes.Equal(sal, ex.sal) && mx > ex.recuperado {
				ex.problema = fmt.Sprintf("el índice del WAL dice %d marcos confirmados y solo %d validan: SQLite descartaría transacciones confirmadas",
					mx, ex.recuperado)
			}
		}
		if ex.problema == "" {
			return nil
		}
		problema = ex.problema
	}
	return fmt.Errorf("%w: %s (%s-wal); el archivo queda como estaba", almacen.ErrDanado, problema, ruta)
}
