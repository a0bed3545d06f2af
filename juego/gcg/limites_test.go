package gcg_test

import (
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/internal/cita"
	"github.com/juegodepalabras/palabras/juego/gcg"
	"github.com/juegodepalabras/palabras/limite"
)

// leerMidiendo lee texto y devuelve también cuánta memoria reservó en total
// la lectura.
func leerMidiendo(t *testing.T, texto string, o gcg.Opciones) (*gcg.Partida, uint64, error) {
	t.Helper()
	var antes, despues runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&antes)
	p, err := gcg.Leer(strings.NewReader(texto), o)
	runtime.ReadMemStats(&despues)
	return p, despues.TotalAlloc - antes.TotalAlloc, err
}

// repetido arma un registro de dos jugadores con las líneas dadas
// repetidas hasta n bytes.
func repetido(n int, lineas ...string) string {
	cuerpo := strings.Join(lineas, "")
	return "#player1 a Ana\n#player2 b Beto\n" + strings.Repeat(cuerpo, n/len(cuerpo))
}

// Issue 26: un GCG de 16 MB (dentro del tope de entonces) tardaba 94 s y
// ocupaba 4 GB; 500.000 líneas de ajuste, 24 s y 1,7 GB. Ahora el registro
// pasa de MaxBytes (1 MiB) o de MaxSucesos (5000) y se rechaza al llegar
// al límite.
func TestLimitesGCG(t *testing.T) {
	o := gcg.Opciones{Variante: inglesEspecificacion(t, "retains sun ab ba a")}
	pases := repetido(16<<20-1024, ">a: - +0 0\n", ">b: - +0 0\n")
	_, reservado, err := leerMidiendo(t, pases, o)
	require.ErrorIs(t, err, gcg.ErrFormato)
	require.ErrorIs(t, err, limite.Err)
	require.ErrorContains(t, err, "gcg.Opciones.MaxBytes = 1048576")
	require.Less(t, reservado, uint64(8<<20), "lee apenas más que el límite: %d bytes", reservado)

	o.MaxBytes = 32 << 20
	_, reservado, err = leerMidiendo(t, pases, o)
	require.ErrorIs(t, err, limite.Err)
	require.ErrorContains(t, err, "gcg.Opciones.MaxSucesos = 5000")
	var e *gcg.ErrorLinea
	require.ErrorAs(t, err, &e)
	require.Equal(t, 2+5001, e.Linea, "se corta en el suceso 5001")
	require.Less(t, reservado, uint64(80<<20), "el texto (16 MB, y su copia) y poco más: %d bytes", reservado)

	ajustes := repetido(500_000*len(">a: (time) +0 0\n"), ">a: (time) +0 0\n")
	_, _, err = leerMidiendo(t, ajustes, o)
	require.ErrorIs(t, err, limite.Err)

	// Justo en el límite se lee; uno más, no.
	o.MaxSucesos = 40
	p, _, err := leerMidiendo(t, repetido(40*len(">a: - +0 0\n"), ">a: - +0 0\n", ">b: - +0 0\n"), o)
	require.NoError(t, err)
	require.Len(t, p.Juego.Sucesos(), 40)
	_, _, err = leerMidiendo(t, repetido(41*len(">a: - +0 0\n"), ">a: - +0 0\n")+">b: - +0 0\n", o)
	require.ErrorIs(t, err, limite.Err)
}

// Una nota de muchas líneas se arma de una vez: antes cada línea copiaba
// la nota entera (1 MB de nota tardaba más de dos minutos).
func TestNotaLarga(t *testing.T) {
	o := gcg.Opciones{Variante: inglesEspecificacion(t, "retains sun ab ba a")}
	texto := "#player1 a Ana\n#player2 b Beto\n#note\n" + strings.Repeat("x\n", 400_000) + ">a: - +0 0\n"
	p, reservado, err := leerMidiendo(t, texto, o)
	require.NoError(t, err)
	require.Len(t, p.Pragmas, 1)
	require.Len(t, p.Pragmas[0], len("#note")+2*400_000)
	require.Less(t, reservado, uint64(64<<20), "lineal en el texto: %d bytes", reservado)
}

// Los errores citan a lo sumo un trozo corto de la línea.
func TestErroresCortos(t *testing.T) {
	o := gcg.Opciones{Variante: inglesEspecificacion(t, "retains sun ab ba a")}
	for _, texto := range []string{
		"#player1 a Ana\n>" + strings.Repeat("x", 60_000) + ": - +0 0\n",
		"#player1 a Ana\n>a: " + strings.Repeat("Q", 60_000) + " 8D QQQ +3 3\n",
		"#player1 a Ana\n#note " + strings.Repeat("ñ", gcg.MaxLinea) + "\n",
		"#player1 a Ana\n#character-encoding " + strings.Repeat("Z", 60_000) + "\n",
		"#player1 a Ana\n>a: ABC " + strings.Repeat("9", 60_000) + " ABC +3 3\n",
	} {
		_, err := gcg.Leer(strings.NewReader(texto), o)
		require.Error(t, err)
		require.Less(t, len(err.Error()), 400, cita.Texto(err.Error()))
	}
}

// memoriaPorSuceso lee un registro de n pases de dos jugadores con los
// límites subidos y devuelve los bytes reservados en total y los que quedan
// vivos (la Partida leída) por suceso.
func memoriaPorSuceso(t testing.TB, o gcg.Opciones, n int) (reservados, vivos float64) {
	t.Helper()
	texto := repetido(n*len(">a: - +0 0\n"), ">a: - +0 0\n", ">b: - +0 0\n")
	o.MaxBytes, o.MaxSucesos = len(texto)+1, n
	var antes, despues runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&antes)
	p, err := gcg.Leer(strings.NewReader(texto), o)
	runtime.ReadMemStats(&despues)
	require.NoError(t, err)
	require.Equal(t, n, p.Juego.Tiempo())
	runtime.GC()
	var final runtime.MemStats
	runtime.ReadMemStats(&final)
	runtime.KeepAlive(p)
	return float64(despues.TotalAlloc-antes.TotalAlloc) / float64(n), (float64(final.HeapAlloc) - float64(antes.HeapAlloc)) / float64(n)
}

// Issue 35: con los límites subidos, 100.000 pases costaban 8,2 KB
// reservados y 2,5 KB vivos por suceso: cada turno guardaba una
// juego.Posicion entera (tablero, manos de 272 bytes, repositorio). Ahora
// la historia comparte lo que no cambia y guarda las manos compactas: lo
// que queda vivo por suceso es, sobre todo, el juego.Suceso del juego (608
// bytes), y lo reservado, el crecimiento de la lista de sucesos del juego
// (unos 3,4 KB; no es de este paquete).
func TestMemoriaPorSuceso(t *testing.T) {
	o := gcg.Opciones{Variante: inglesEspecificacion(t, "retains sun ab ba a")}
	reservados, vivos := memoriaPorSuceso(t, o, 100_000)
	t.Logf("100.000 pases: %.0f bytes reservados y %.0f vivos por suceso", reservados, vivos)
	require.Less(t, vivos, 1024.0, "a lo sumo 1 KB vivo por suceso")
	require.Less(t, reservados, 4608.0, "el juego reserva unos 3,4 KB por suceso; la lectura, el resto")
}
