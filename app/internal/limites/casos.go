package limites

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/juegodepalabras/palabras/juego/cgp"
	"github.com/juegodepalabras/palabras/juego/gcg"
	"github.com/juegodepalabras/palabras/juego/notacion"
	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// caso es una entrada y el lector que la lee.
type caso struct {
	nombre string
	lector string
	que    string
	// flujo: correr recibe el archivo abierto (un io.Reader); si no, su
	// contenido ya leído, como texto.
	flujo   bool
	generar func(w *bufio.Writer) error
	// correr lee la entrada y devuelve una nota corta sobre el resultado.
	correr func(r io.Reader, texto string) (string, error)
}

const (
	kb = 1 << 10
	mb = 1 << 20
)

func buscar(nombre string) (caso, bool) {
	for _, c := range casos() {
		if c.nombre == nombre {
			return c, true
		}
	}
	return caso{}, false
}

// repetir escribe s hasta completar n bytes.
func repetir(w *bufio.Writer, s string, n int) error {
	for escritos := 0; escritos < n; escritos += len(s) {
		if _, err := w.WriteString(s); err != nil {
			return err
		}
	}
	return nil
}

// palabras escribe palabras distintas de seis letras en orden, hasta n
// bytes; si mezclar, en un orden al azar.
func palabras(w *bufio.Writer, n int, mezclar bool) error {
	cant := n / 7
	orden := make([]int, cant)
	for i := range orden {
		orden[i] = i
	}
	if mezclar {
		azar := rand.New(rand.NewPCG(1, 2))
		azar.Shuffle(len(orden), func(i, j int) { orden[i], orden[j] = orden[j], orden[i] })
	}
	var p [7]byte
	p[6] = '\n'
	for _, x := range orden {
		for k := 5; k >= 0; k-- {
			p[k] = byte('a' + x%26)
			x /= 26
		}
		if _, err := w.Write(p[:]); err != nil {
			return err
		}
	}
	return nil
}

// comprimido escribe en gzip lo que escribe f.
func comprimido(f func(w *bufio.Writer) error) func(w *bufio.Writer) error {
	return func(w *bufio.Writer) error {
		gz, err := gzip.NewWriterLevel(w, gzip.BestCompression)
		if err != nil {
			return err
		}
		bw := bufio.NewWriterSize(gz, 1<<20)
		if err := f(bw); err != nil {
			return err
		}
		if err := bw.Flush(); err != nil {
			return err
		}
		return gz.Close()
	}
}

// dawgBomba escribe un DAWG de k+1 estados que acepta las 2^k palabras de
// largo k sobre {a, b}: cada estado sale con las dos letras hacia el
// siguiente, con la cabecera que declara lo que acepta (la versión 2 del
// formato, con los prefijos). Con k ≥ 64 la cantidad de palabras no cabe
// en 64 bits.
func dawgBomba(k int) func(w *bufio.Writer) error {
	return func(w *bufio.Writer) error {
		palabras, prefijos := ^uint64(0), ^uint64(0)
		if k < 63 {
			palabras, prefijos = 1<<k, 1<<(k+1)-2
		}
		b := []byte("PLDW\x02")
		for _, v := range []uint64{uint64(k + 1), uint64(2 * k), palabras, prefijos, uint64(k), uint64(k) << 1} {
			b = binary.AppendUvarint(b, v)
		}
		b = binary.AppendUvarint(b, 0) // el estado 0, final, sin salidas
		for i := 1; i <= k; i++ {
			b = binary.AppendUvarint(b, 0b11) // a y b
			fin := uint64(0)
			if i == 1 {
				fin = 1
			}
			b = binary.AppendUvarint(b, 1<<1|fin)
			b = binary.AppendUvarint(b, 1<<1|fin)
		}
		b = binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, crc32.MakeTable(crc32.Castagnoli)))
		_, err := w.Write(b)
		return err
	}
}

// dawgAzar escribe el DAWG de palabras al azar hasta unos n bytes.
func dawgAzar(n int) func(w *bufio.Writer) error {
	return func(w *bufio.Writer) error {
		azar := rand.New(rand.NewPCG(3, 4))
		var ps [][]letra.Letra
		for total := 0; total < n; total += 11 {
			p := make([]letra.Letra, 6+azar.IntN(10))
			for i := range p {
				p[i] = letra.Letra(azar.IntN(26))
			}
			ps = append(ps, p)
		}
		d, err := trie.NuevoDAWG(ps)
		if err != nil {
			return err
		}
		b, _ := d.MarshalBinary()
		_, err = w.Write(b)
		return err
	}
}

func bytesAzar(n int) func(w *bufio.Writer) error {
	return func(w *bufio.Writer) error {
		azar := rand.New(rand.NewPCG(5, 6))
		for range n / 8 {
			if err := binary.Write(w, binary.LittleEndian, azar.Uint64()); err != nil {
				return err
			}
		}
		return nil
	}
}

func gcgCabecera(w *bufio.Writer) {
	w.WriteString("#character-encoding UTF-8\n#player1 a Ana\n#player2 b Beto\n")
}

// gcgLineas escribe un registro de dos jugadores con la línea de cada uno
// repetida hasta n bytes.
func gcgLineas(n int, lineas ...string) func(w *bufio.Writer) error {
	return func(w *bufio.Writer) error {
		gcgCabecera(w)
		return repetir(w, strings.Join(lineas, ""), n)
	}
}

// cgpManos escribe un CGP del tablero vacío de 15×15 con manos manos de
// una ficha.
func cgpManos(manos int) func(w *bufio.Writer) error {
	return func(w *bufio.Writer) error {
		w.WriteString(strings.TrimSuffix(strings.Repeat("15/", 15), "/") + " ")
		for i := range manos {
			if i > 0 {
				w.WriteByte('/')
			}
			w.WriteString("A")
		}
		w.WriteByte(' ')
		for i := range manos {
			if i > 0 {
				w.WriteByte('/')
			}
			w.WriteByte('0')
		}
		_, err := w.WriteString(" 0 lex FISE2;\n")
		return err
	}
}

// cgpTablero escribe un CGP de un tablero de n×n lleno de A, con un
// alfabeto y sin variante.
func cgpTablero(n int) func(w *bufio.Writer) error {
	return func(w *bufio.Writer) error {
		fila := strings.Repeat("A", n)
		for i := range n {
			if i > 0 {
				w.WriteByte('/')
			}
			w.WriteString(fila)
		}
		_, err := w.WriteString(" AEIOUST/AEIOUST 0/0 0\n")
		return err
	}
}

// cuadrado escribe n líneas de n veces celda, separadas por sep.
func cuadrado(n int, celda, sep string) func(w *bufio.Writer) error {
	return func(w *bufio.Writer) error {
		fila := strings.TrimSuffix(strings.Repeat(celda+sep, n), sep) + "\n"
		for range n {
			if _, err := w.WriteString(fila); err != nil {
				return err
			}
		}
		return nil
	}
}

// fichas escribe una ocurrencia de fichas en celdas distintas hasta n
// bytes.
func fichas(n int) func(w *bufio.Writer) error {
	return func(w *bufio.Writer) error {
		w.WriteByte('{')
		escritos := 0
		for i := 0; escritos < n; i++ {
			s := fmt.Sprintf("(%d,%d,A)", i/1000, i%1000)
			if i > 0 {
				s = ", " + s
			}
			w.WriteString(s)
			escritos += len(s)
		}
		_, err := w.WriteString("}")
		return err
	}
}

func conTexto(f func(w *bufio.Writer) error, antes, despues string) func(w *bufio.Writer) error {
	return func(w *bufio.Writer) error {
		w.WriteString(antes)
		if err := f(w); err != nil {
			return err
		}
		_, err := w.WriteString(despues)
		return err
	}
}

func lexico(r io.Reader, _ string) (string, error) {
	d, err := variante.LeerLexico(r, letra.Ingles(), variante.OpcionesLexico{})
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%d palabras", d.Tamano()), nil
}

func dawg(r io.Reader, texto string) (string, error) {
	d, err := trie.Decodificar([]byte(texto), trie.Opciones{})
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%d palabras, %d estados", d.Tamano(), d.Estados()), nil
}

func dawgYGADDAG(r io.Reader, texto string) (string, error) {
	d, err := trie.Decodificar([]byte(texto), trie.Opciones{})
	if err != nil {
		return "", err
	}
	g, err := trie.NuevoGADDAG(d)
	if err != nil {
		return fmt.Sprintf("DAWG de %d palabras", d.Tamano()), err
	}
	return fmt.Sprintf("DAWG de %d palabras; GADDAG de %d arcos", d.Tamano(), g.Aristas()), nil
}

func gaddag(r io.Reader, texto string) (string, error) {
	g, err := trie.DecodificarGADDAG([]byte(texto), espanol.Clasica().Lexico())
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%d arcos", g.Aristas()), nil
}

func leerGCG(r io.Reader, _ string) (string, error) {
	p, err := gcg.Leer(r, gcg.Opciones{Variante: espanol.Variante()})
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%d sucesos", len(p.Juego.Sucesos())), nil
}

func leerCGP(op cgp.Opciones) func(io.Reader, string) (string, error) {
	return func(_ io.Reader, texto string) (string, error) {
		p, err := cgp.Parsear(texto, op)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("%d manos, tablero de %d", len(p.Manos), p.Tablero.Tamano()), nil
	}
}

func leerTablero(_ io.Reader, texto string) (string, error) {
	t, err := tablero.Parsear(texto, letra.Espanol())
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("tablero de %d", t.Tamano()), nil
}

func leerOcurrencia(_ io.Reader, texto string) (string, error) {
	o, err := ocurrencia.Parsear(texto, letra.Espanol())
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%d fichas", o.Tamano()), nil
}

func leerNotacion(_ io.Reader, texto string) (string, error) {
	t, _ := tablero.Nuevo(15, letra.EspanolConDigrafos())
	j, err := notacion.Parsear(texto, t)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%d fichas", j.Fichas.Tamano()), nil
}

func leerPremios(_ io.Reader, texto string) (string, error) {
	p, err := variante.ParsearPremios(texto)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("tablero de %d", p.Tamano()), nil
}

func leerPalabra(_ io.Reader, texto string) (string, error) {
	p, err := letra.Espanol().Parsear(texto)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%d letras", len(p)), nil
}

// casos devuelve los casos en el orden de la tabla.
func casos() []caso {
	return []caso{
		{"vacio", "(ninguno)", "el proceso hijo sin leer nada: la memoria mínima", false,
			func(w *bufio.Writer) error { return nil }, func(io.Reader, string) (string, error) { return "", nil }},

		{"lexico-1MB", "variante.LeerLexico", "palabras distintas, ordenadas", true, func(w *bufio.Writer) error { return palabras(w, mb, false) }, lexico},
		{"lexico-16MB", "variante.LeerLexico", "palabras distintas, ordenadas", true, func(w *bufio.Writer) error { return palabras(w, 16*mb, false) }, lexico},
		{"lexico-desordenado-1MB", "variante.LeerLexico", "palabras distintas, al azar", true, func(w *bufio.Writer) error { return palabras(w, mb, true) }, lexico},
		{"lexico-desordenado-16MB", "variante.LeerLexico", "palabras distintas, al azar", true, func(w *bufio.Writer) error { return palabras(w, 16*mb, true) }, lexico},
		{"lexico-repetido-16MB", "variante.LeerLexico", `"b\na\n" repetido: desordenado y repetido`, true, func(w *bufio.Writer) error { return repetir(w, "b\na\n", 16*mb) }, lexico},
		{"lexico-linea-16MB", "variante.LeerLexico", "una sola línea", true, func(w *bufio.Writer) error { return repetir(w, "a", 16*mb) }, lexico},
		{"lexico-gzip-bomba", "variante.LeerLexico", `gzip de 5·10⁷ líneas "a"`, true, comprimido(func(w *bufio.Writer) error { return repetir(w, "a\n", 100_000_000) }), lexico},
		{"lexico-gzip-1MB", "variante.LeerLexico", "1 MB de gzip de una línea repetida (1 GB)", true, comprimido(func(w *bufio.Writer) error { return repetir(w, "palabra\n", 1<<30) }), lexico},

		{"dawg-espanol", "trie.Decodificar", "el léxico español embebido", false, func(w *bufio.Writer) error {
			b, _ := espanol.Variante().Lexico().MarshalBinary()
			_, err := w.Write(b)
			return err
		}, dawg},
		{"dawg-azar-1MB", "trie.Decodificar", "bytes al azar", false, bytesAzar(mb), dawg},
		{"dawg-grande-16MB", "trie.Decodificar", "un DAWG válido de palabras al azar", false, dawgAzar(16 * mb), dawg},
		{"dawg-bomba-40", "trie.Decodificar", "41 estados, 2⁴⁰ palabras", false, dawgBomba(40), dawg},
		{"dawg-bomba-64", "trie.Decodificar", "65 estados, 2⁶⁴ palabras", false, dawgBomba(64), dawg},
		{"dawg-bomba-40+gaddag", "trie.NuevoGADDAG", "el GADDAG del DAWG de 2⁴⁰ palabras", false, dawgBomba(40), dawgYGADDAG},
		{"dawg-bomba-24+gaddag", "trie.NuevoGADDAG", "el GADDAG del DAWG de 2²⁴ palabras (25 estados)", false, dawgBomba(24), dawgYGADDAG},
		{"gaddag-espanol", "trie.DecodificarGADDAG", "el GADDAG del léxico español", false, func(w *bufio.Writer) error {
			g, err := trie.NuevoGADDAG(espanol.Clasica().Lexico())
			if err != nil {
				return err
			}
			b, _ := g.MarshalBinary()
			_, err = w.Write(b)
			return err
		}, gaddag},
		{"gaddag-azar-16MB", "trie.DecodificarGADDAG", "bytes al azar", false, bytesAzar(16 * mb), gaddag},

		{"gcg-pases-1MB", "gcg.Leer", "pases de dos jugadores", true, gcgLineas(mb-4096, ">a: - +0 0\n", ">b: - +0 0\n"), leerGCG},
		{"gcg-5000-sucesos", "gcg.Leer", "5000 pases de dos jugadores", true, gcgLineas(5000*len(">a: - +0 0\n"), ">a: - +0 0\n", ">b: - +0 0\n"), leerGCG},
		{"gcg-pases-16MB", "gcg.Leer", "pases: dentro del tope de 16 MiB de antes", true, gcgLineas(16*mb-4096, ">a: - +0 0\n", ">b: - +0 0\n"), leerGCG},
		{"gcg-ajustes-500k", "gcg.Leer", "500.000 líneas de ajuste", true, gcgLineas(500_000*len(">a: (time) +0 0\n"), ">a: (time) +0 0\n"), leerGCG},
		{"gcg-nota-1MB", "gcg.Leer", "una nota de muchas líneas", true, conTexto(gcgLineas(mb-4096, "x\n"), "#note\n", ""), leerGCG},
		{"gcg-nota-16MB", "gcg.Leer", "una nota de muchas líneas", true, conTexto(gcgLineas(16*mb-4096, "x\n"), "#note\n", ""), leerGCG},
		{"gcg-linea-16MB", "gcg.Leer", "una sola línea", true, conTexto(func(w *bufio.Writer) error { return repetir(w, "x", 16*mb-4096) }, "#note ", ""), leerGCG},

		{"cgp-64-manos", "cgp.Parsear", "64 manos", false, cgpManos(64), leerCGP(cgp.Opciones{Variante: espanol.Clasica()})},
		{"cgp-manos-1MB", "cgp.Parsear", "10⁵ manos", false, cgpManos(100_000), leerCGP(cgp.Opciones{Variante: espanol.Clasica()})},
		{"cgp-manos-1e6", "cgp.Parsear", "10⁶ manos de una ficha", false, cgpManos(1_000_000), leerCGP(cgp.Opciones{Variante: espanol.Clasica()})},
		{"cgp-tablero-1MB", "cgp.Parsear", "tablero de 1000×1000, solo alfabeto", false, cgpTablero(1000), leerCGP(cgp.Opciones{})},
		{"cgp-tablero-16MB", "cgp.Parsear", "tablero de 4000×4000, solo alfabeto", false, cgpTablero(4000), leerCGP(cgp.Opciones{})},

		{"tablero-1MB", "tablero.Parsear", "tablero de 724×724 vacío", false, cuadrado(724, ".", " "), leerTablero},
		{"tablero-16MB", "tablero.Parsear", "tablero de 2896×2896 vacío", false, cuadrado(2896, ".", " "), leerTablero},
		{"tablero-token-30MB", "tablero.Parsear", "una sola palabra de 30 MB", false, func(w *bufio.Writer) error { return repetir(w, "A", 30*mb) }, leerTablero},

		{"ocurrencia-1MB", "ocurrencia.Parsear", "fichas en celdas distintas", false, fichas(mb - 4096), leerOcurrencia},
		{"ocurrencia-16MB", "ocurrencia.Parsear", "fichas en celdas distintas", false, fichas(16 * mb), leerOcurrencia},
		{"ocurrencia-token-30MB", "ocurrencia.Parsear", "una letra de 30 MB", false, conTexto(func(w *bufio.Writer) error { return repetir(w, "A", 30*mb) }, "(7,7,", ")"), leerOcurrencia},

		{"notacion-1MB", "notacion.Parsear", "8D y una palabra de 1 MB", false, conTexto(func(w *bufio.Writer) error { return repetir(w, "A", mb) }, "8D ", ""), leerNotacion},
		{"notacion-16MB", "notacion.Parsear", "8D y una palabra de 16 MB", false, conTexto(func(w *bufio.Writer) error { return repetir(w, "A", 16*mb) }, "8D ", ""), leerNotacion},

		{"premios-1MB", "variante.ParsearPremios", "tablero de 1023×1023", false, cuadrado(1023, ".", ""), leerPremios},
		{"premios-16MB", "variante.ParsearPremios", "tablero de 4095×4095", false, cuadrado(4095, ".", ""), leerPremios},
		{"premios-vacias-16MB", "variante.ParsearPremios", "16 MB de líneas vacías", false, func(w *bufio.Writer) error { return repetir(w, "\n", 16*mb) }, leerPremios},

		{"palabra-30MB", "letra.Alfabeto.Parsear", "una palabra de 30 MB", false, func(w *bufio.Writer) error { return repetir(w, "a", 30*mb) }, leerPalabra},
	}
}
